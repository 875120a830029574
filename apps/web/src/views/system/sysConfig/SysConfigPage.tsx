// The system configuration screen: basic information, security (sign-in, lock and password policy) and
// third-party settings (WeCom and DingTalk with connection tests, email, SMS), each a tab of one form saved
// at once. Client checks are the server's; when the server refuses, its per-field messages show on the fields
// and the tab holding the first one opens.
import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Spin, Tabs } from 'antd';
import { useState } from 'react';
import {
  AdminPage,
  applyServerErrors,
  LoadError,
  Panel,
  showFailure,
  showServerSuccess,
} from '../../../components/admin';
import { useAuth } from '../../../platform/auth/Auth';
import { sysConfigApi, sysConfigKey, type SysConfig } from './api';
import BasicTab from './BasicTab';
import SecurityTab from './SecurityTab';
import styles from './SysConfigPage.module.css';
import { EDITED, tabOf, type TabKey } from './tabs';
import { texts } from './texts';
import ThirdPartyTab from './ThirdPartyTab';

export default function SysConfigPage() {
  const t = texts.useText();
  const client = useQueryClient();
  const canEdit = useAuth('btn_edit');
  const [form] = Form.useForm<SysConfig>();
  const [tab, setTab] = useState<TabKey>('basic');
  const [saving, setSaving] = useState(false);
  const config = useQuery({ queryKey: sysConfigKey, queryFn: sysConfigApi.get, staleTime: 0 });

  const openTabOf = (fields: string[]) => {
    const first = fields.map(tabOf).find(Boolean);
    if (first) setTab(first);
  };

  const save = async () => {
    let values: SysConfig;
    try {
      values = await form.validateFields();
    } catch (error) {
      const fields = ((error as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? []).map((f) =>
        String(f.name[0]),
      );
      openTabOf(fields);
      return;
    }
    const all = form.getFieldsValue(true) as SysConfig;
    const body: SysConfig = Object.fromEntries(
      EDITED.filter((key) => key in all).map((key) => [key, values[key] ?? all[key] ?? '']),
    );
    setSaving(true);
    try {
      const result = await sysConfigApi.save(body);
      showServerSuccess(result);
      await client.invalidateQueries({ queryKey: sysConfigKey });
    } catch (error) {
      openTabOf(applyServerErrors(form, error));
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  if (config.isError)
    return (
      <AdminPage>
        <Panel grow>
          <LoadError onRetry={() => void config.refetch()} />
        </Panel>
      </AdminPage>
    );
  if (!config.data)
    return (
      <AdminPage>
        <Panel grow>
          <div className={styles.center}>
            <Spin />
          </div>
        </Panel>
      </AdminPage>
    );

  return (
    <AdminPage>
      <Panel grow>
        <Form<SysConfig>
          form={form}
          initialValues={{ ...config.data, smsCompany: String(config.data.smsCompany ?? '1') }}
          layout="horizontal"
          labelCol={{ flex: '150px' }}
          labelWrap
          disabled={!canEdit}
          className={styles.form}
          onFinish={() => void save()}
          onFinishFailed={({ errorFields }) => openTabOf(errorFields.map((f) => String(f.name[0])))}
        >
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as TabKey)}
            items={[
              { key: 'basic', label: t('tabBasic'), children: <BasicTab />, forceRender: true },
              { key: 'security', label: t('tabSecurity'), children: <SecurityTab />, forceRender: true },
              { key: 'third', label: t('tabThird'), children: <ThirdPartyTab canEdit={canEdit} />, forceRender: true },
            ]}
          />
          {canEdit && (
            <div className={styles.footer}>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
                {t('save')}
              </Button>
            </div>
          )}
        </Form>
      </Panel>
    </AdminPage>
  );
}

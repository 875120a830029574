// The interface-authentication dialog: appId, application name, appSecret (typed, or 生成 asks the server
// for a new random one), the signature check, valid until a date or forever, the IP white list, sort, state
// and description.
import { Button, DatePicker, Form, Input, Radio, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { FormDialog, maxLength, pattern, required } from '../../../components/admin';
import type { FormSlot } from '../../../components/crud/CrudList';
import { useRecordInfo } from '../../../components/crud/recordDialog';
import { switchItemProps, TailFields } from '../../../components/form/CommonFields';
import { authApi, type AuthInfo, type AuthInput } from './api';
import { texts } from './texts';

interface Values {
  appId: string;
  appName: string;
  appSecret?: string;
  verifySignature: number;
  life: 'forever' | 'until';
  lifeDate?: Dayjs;
  whiteList?: string;
  sortCode?: number;
  enabledMark: number;
  description?: string;
}

/** a fresh appId: 32 hex characters */
function newAppId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

function fromInfo(info: AuthInfo): Partial<Values> {
  const life = info.usefulLife ?? null;
  return {
    appId: info.appId,
    appName: info.appName,
    appSecret: info.appSecret ?? '',
    verifySignature: info.verifySignature ?? 0,
    life: life == null ? 'forever' : 'until',
    lifeDate: life == null ? undefined : dayjs(life),
    whiteList: info.whiteList ?? '',
    sortCode: info.sortCode ?? 0,
    enabledMark: info.enabledMark ?? 1,
    description: info.description ?? '',
  };
}

export function AuthForm(slot: FormSlot) {
  const t = texts.useText();
  const [form] = Form.useForm<Values>();
  const [generating, setGenerating] = useState(false);
  const { editing, info, dialogProps } = useRecordInfo(
    slot,
    ['systemData', 'interfaceAuth', 'info', slot.id],
    authApi.info,
    { add: t('add'), edit: t('edit') },
  );
  // a new application's appId is made afresh for every opening; it can be changed
  const freshId = useMemo(() => (slot.open ? newAppId() : ''), [slot.open]);
  const initial: Partial<Values> =
    editing && info.data
      ? fromInfo(info.data)
      : { appId: freshId, verifySignature: 1, life: 'forever', enabledMark: 1, sortCode: 0 };

  const generate = async () => {
    setGenerating(true);
    try {
      form.setFieldValue('appSecret', await authApi.newSecret());
      void form.validateFields(['appSecret']);
    } catch {
      // the request layer has shown why
    } finally {
      setGenerating(false);
    }
  };

  const submit = (values: Values) => {
    const input: AuthInput = {
      appId: values.appId.trim(),
      appName: values.appName.trim(),
      appSecret: values.appSecret?.trim() ?? '',
      verifySignature: values.verifySignature ?? 0,
      usefulLife: values.life === 'until' && values.lifeDate ? values.lifeDate.endOf('day').valueOf() : null,
      whiteList: values.whiteList?.trim() ?? '',
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabledMark ?? 1,
      description: values.description ?? '',
    };
    return editing ? authApi.update(slot.id!, { ...input, version: info.data?.version }) : authApi.create(input);
  };

  return (
    <FormDialog<Values> {...dialogProps} form={form} width={700} initialValues={initial} onSubmit={submit}>
      <Form.Item
        name="appId"
        label={t('appId')}
        rules={[
          required(t('appIdRequired')),
          maxLength(t('tooLong', { n: 64 }), 64),
          pattern(/^[A-Za-z0-9_-]+$/, t('appIdFormat')),
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="appName"
        label={t('appName')}
        rules={[required(t('appNameRequired')), maxLength(t('tooLong', { n: 50 }))]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label={t('appSecret')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="appSecret"
            noStyle
            rules={[required(t('appSecretRequired')), maxLength(t('tooLong', { n: 128 }), 128)]}
          >
            <Input autoComplete="off" aria-label={t('appSecret')} />
          </Form.Item>
          <Button onClick={() => void generate()} loading={generating}>
            {t('generate')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="verifySignature" label={t('verifySignature')} {...switchItemProps}>
        <Switch />
      </Form.Item>
      <Form.Item label={t('usefulLife')} required>
        <Space wrap>
          <Form.Item name="life" noStyle>
            <Radio.Group
              options={[
                { value: 'forever', label: t('forever') },
                { value: 'until', label: t('until') },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['life']}>
            {({ getFieldValue }) =>
              getFieldValue('life') === 'until' ? (
                <Form.Item name="lifeDate" noStyle rules={[{ required: true, message: t('dateRequired') }]}>
                  <DatePicker aria-label={t('until')} />
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item name="whiteList" label={t('whiteList')} rules={[maxLength(t('tooLong', { n: 2000 }), 2000)]}>
        <Input.TextArea rows={3} placeholder={t('whiteListHint')} />
      </Form.Item>
      <TailFields />
    </FormDialog>
  );
}

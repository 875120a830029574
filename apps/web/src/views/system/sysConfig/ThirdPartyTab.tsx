// The third-party tab: WeCom and DingTalk (with connection tests), email and SMS.
import { Button, Form, Radio, Space } from 'antd';
import { useState } from 'react';
import { applyServerErrors, showFailure, showServerSuccess } from '../../../components/admin';
import { sysConfigApi, type SysConfig } from './api';
import { Cell, SecretField, Section, TextField, ToggleField, useRules, type TextKey } from './fields';
import { texts } from './texts';

const str = (values: SysConfig, key: string) => String(values[key] ?? '');

const wecomOf = (v: SysConfig) => ({
  qyhCorpId: str(v, 'qyhCorpId'),
  qyhAgentId: str(v, 'qyhAgentId'),
  qyhAgentSecret: str(v, 'qyhAgentSecret'),
  qyhCorpSecret: str(v, 'qyhCorpSecret'),
});

export default function ThirdPartyTab({ canEdit }: { canEdit: boolean }) {
  const t = texts.useText();
  const r = useRules();
  const form = Form.useFormInstance<SysConfig>();
  const [testing, setTesting] = useState<string | null>(null);

  /** a connection test: the named fields are required first (as the server requires them) */
  const runTest = async (id: string, required: TextKey[], call: (values: SysConfig) => Promise<unknown>) => {
    const values = form.getFieldsValue(true) as SysConfig;
    const missing = required.filter((key) => !String(values[key] ?? '').trim());
    if (missing.length) {
      form.setFields(missing.map((key) => ({ name: key, errors: [t('required', { label: t(key) })] })));
      return;
    }
    setTesting(id);
    try {
      showServerSuccess((await call(values)) as { msg: string });
    } catch (error) {
      applyServerErrors(form, error);
      showFailure(error);
    } finally {
      setTesting(null);
    }
  };

  return (
    <>
      <Section title={t('sectionWecom')}>
        <TextField name="qyhCorpId" max={200} />
        <TextField name="qyhAgentId" max={200} />
        <SecretField name="qyhAgentSecret" />
        <SecretField name="qyhCorpSecret" />
        <ToggleField name="qyhIsSynOrg" />
        <ToggleField name="qyhIsSynUser" />
        <Cell wide>
          <Form.Item label=" " colon={false}>
            <Space wrap>
              <Button
                disabled={!canEdit}
                loading={testing === 'qy0'}
                onClick={() =>
                  void runTest('qy0', ['qyhCorpId', 'qyhAgentSecret'], (v) => sysConfigApi.testWecom(0, wecomOf(v)))
                }
              >
                {t('testMessage')}
              </Button>
              <Button
                disabled={!canEdit}
                loading={testing === 'qy1'}
                onClick={() =>
                  void runTest('qy1', ['qyhCorpId', 'qyhCorpSecret'], (v) => sysConfigApi.testWecom(1, wecomOf(v)))
                }
              >
                {t('testSync')}
              </Button>
            </Space>
          </Form.Item>
        </Cell>
      </Section>
      <Section title={t('sectionDing')}>
        <TextField name="dingSynAppKey" max={200} />
        <SecretField name="dingSynAppSecret" />
        <TextField name="dingAgentId" max={200} />
        <Cell />
        <ToggleField name="dingSynIsSynOrg" />
        <ToggleField name="dingSynIsSynUser" />
        <Cell wide>
          <Form.Item label=" " colon={false}>
            <Button
              disabled={!canEdit}
              loading={testing === 'ding'}
              onClick={() =>
                void runTest('ding', ['dingSynAppKey', 'dingSynAppSecret'], (v) =>
                  sysConfigApi.testDingTalk({
                    dingSynAppKey: str(v, 'dingSynAppKey'),
                    dingSynAppSecret: str(v, 'dingSynAppSecret'),
                    dingAgentId: str(v, 'dingAgentId'),
                  }),
                )
              }
            >
              {t('testConnect')}
            </Button>
          </Form.Item>
        </Cell>
      </Section>
      <Section title={t('sectionEmail')}>
        <TextField name="emailSmtpHost" max={253} rules={[r.host('emailSmtpHost')]} />
        <TextField name="emailSmtpPort" max={10} rules={[r.port('emailSmtpPort')]} />
        <TextField name="emailPop3Host" max={253} rules={[r.host('emailPop3Host')]} />
        <TextField name="emailPop3Port" max={10} rules={[r.port('emailPop3Port')]} />
        <TextField name="emailSenderName" max={100} />
        <TextField name="emailAccount" max={200} rules={[r.email('emailAccount')]} />
        <SecretField name="emailPassword" />
        <ToggleField name="emailSsl" />
      </Section>
      <Section title={t('sectionSms')}>
        <Cell wide>
          <Form.Item name="smsCompany" label={t('smsCompany')}>
            <Radio.Group
              options={[
                { value: '1', label: t('smsAli') },
                { value: '2', label: t('smsTencent') },
              ]}
            />
          </Form.Item>
        </Cell>
        <Form.Item noStyle dependencies={['smsCompany']}>
          {({ getFieldValue }) =>
            String(getFieldValue('smsCompany')) === '2' ? (
              <>
                <TextField name="tencentSecretId" max={200} />
                <SecretField name="tencentSecretKey" />
                <TextField name="tencentAppId" max={200} />
                <SecretField name="tencentAppKey" />
              </>
            ) : (
              <>
                <TextField name="aliAccessKey" max={200} />
                <SecretField name="aliSecret" />
              </>
            )
          }
        </Form.Item>
        <TextField name="smsSignName" max={100} />
        <TextField name="smsLoginTemplate" max={100} />
      </Section>
    </>
  );
}

// The system configuration screen (administration.md §7.13): basic information, security (sign-in, lock and
// password policy) and third-party settings (WeCom and DingTalk with connection tests, email, SMS) in one
// form. Client checks are the server's; when the server refuses, its per-field messages show on the fields
// and the tab holding the first one opens.
import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Space,
  Spin,
  Switch,
  Tabs,
  type FormInstance,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { useState, type ReactNode } from 'react';
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
import {
  defaultPasswordPasses,
  hasStrengthRule,
  validDefaultPassword,
  validEmail,
  validHost,
  validImageRef,
  validPhone,
  validPort,
  validUrl,
  validWhitelist,
  whitelistEntries,
} from './checks';
import styles from './SysConfigPage.module.css';
import { texts } from './texts';

type TextKey = Parameters<ReturnType<typeof texts.useText>>[0];
type TabKey = 'basic' | 'security' | 'third';

/** which tab each key is edited on */
const TAB_OF: Record<TabKey, readonly string[]> = {
  basic: [
    'sysName',
    'title',
    'sysVersion',
    'sysDescription',
    'copyright',
    'jnpfDomain',
    'companyName',
    'companyCode',
    'companyAddress',
    'companyContacts',
    'companyTelePhone',
    'companyEmail',
    'loginIcon',
    'navigationIcon',
    'logoIcon',
    'appIcon',
  ],
  security: [
    'singleLogin',
    'tokenTimeout',
    'lastLoginTimeSwitch',
    'enableVerificationCode',
    'verificationCodeNumber',
    'whitelistSwitch',
    'whiteListIp',
    'passwordErrorsNumber',
    'lockType',
    'lockTime',
    'passwordStrengthLimit',
    'passwordLengthMin',
    'passwordLengthMinNumber',
    'containsNumbers',
    'includeLowercaseLetters',
    'includeUppercaseLetters',
    'containsCharacters',
    'passwordIsUpdatedRegularly',
    'updateCycle',
    'updateInAdvance',
    'disableOldPassword',
    'disableTheNumberOfOldPasswords',
    'mandatoryModificationOfInitialPassword',
    'newUserDefaultPassword',
  ],
  third: [
    'qyhCorpId',
    'qyhAgentId',
    'qyhAgentSecret',
    'qyhCorpSecret',
    'qyhIsSynOrg',
    'qyhIsSynUser',
    'dingSynAppKey',
    'dingSynAppSecret',
    'dingAgentId',
    'dingSynIsSynOrg',
    'dingSynIsSynUser',
    'emailSmtpHost',
    'emailSmtpPort',
    'emailPop3Host',
    'emailPop3Port',
    'emailSenderName',
    'emailAccount',
    'emailPassword',
    'emailSsl',
    'smsCompany',
    'aliAccessKey',
    'aliSecret',
    'tencentSecretId',
    'tencentSecretKey',
    'tencentAppId',
    'tencentAppKey',
    'smsSignName',
    'smsLoginTemplate',
  ],
};

export function tabOf(field: string): TabKey | undefined {
  return (Object.keys(TAB_OF) as TabKey[]).find((tab) => TAB_OF[tab].includes(field));
}

/** the keys the screen edits (sysVersion is shown only: the server keeps it) */
const EDITED = [...TAB_OF.basic, ...TAB_OF.security, ...TAB_OF.third].filter((key) => key !== 'sysVersion');

const switchProps = {
  valuePropName: 'checked',
  getValueProps: (value: unknown) => ({ checked: Number(value) === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

function useRules() {
  const t = texts.useText();
  const label = (key: TextKey) => t(key);
  const check =
    (
      key: TextKey,
      test: (v: string) => boolean,
      rule: 'email' | 'port' | 'host' | 'url' | 'image' | 'phone' | 'whitelist' | 'password',
    ) =>
    (): Rule => ({
      validator: (_r, value: unknown) =>
        value === undefined || value === null || value === '' || test(String(value))
          ? Promise.resolve()
          : Promise.reject(new Error(t(rule, { label: label(key) }))),
    });
  return {
    text: (key: TextKey, max: number): Rule => ({ max, message: t('text', { label: label(key), max }) }),
    range: (key: TextKey, min: number, max: number): Rule => ({
      type: 'integer',
      min,
      max,
      required: true,
      message: t('range', { label: label(key), min, max }),
    }),
    email: (key: TextKey) => check(key, validEmail, 'email')(),
    port: (key: TextKey) => check(key, validPort, 'port')(),
    host: (key: TextKey) => check(key, validHost, 'host')(),
    url: (key: TextKey) => check(key, validUrl, 'url')(),
    image: (key: TextKey) => check(key, validImageRef, 'image')(),
    phone: (key: TextKey) => check(key, validPhone, 'phone')(),
    whitelist: (key: TextKey) => check(key, validWhitelist, 'whitelist')(),
    password: (key: TextKey): Rule => ({
      validator: (_r, value: unknown) =>
        validDefaultPassword(String(value ?? ''))
          ? Promise.resolve()
          : Promise.reject(new Error(t('password', { label: label(key) }))),
    }),
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider titlePlacement="start" className={styles.divider}>
        {title}
      </Divider>
      <Row gutter={24}>{children}</Row>
    </>
  );
}

/** one field in the two-column grid (full width below 1200 px, or when wide) */
function Cell({ children, wide = false }: { children?: ReactNode; wide?: boolean }) {
  return (
    <Col xs={24} xl={wide ? 24 : 12}>
      {children}
    </Col>
  );
}

function ImagePreview({ form, name }: { form: FormInstance; name: string }) {
  const value = Form.useWatch(name, form) as string | undefined;
  const show = value && (/^https?:\/\//i.test(value) || value.startsWith('/')) && validImageRef(value);
  return show ? <img src={value} alt="" className={styles.preview} /> : null;
}

export default function SysConfigPage() {
  const t = texts.useText();
  const r = useRules();
  const client = useQueryClient();
  const canEdit = useAuth('btn_edit');
  const [form] = Form.useForm<SysConfig>();
  const [tab, setTab] = useState<TabKey>('basic');
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState<string | null>(null);
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
  const str = (values: SysConfig, key: string) => String(values[key] ?? '');

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

  const text = (name: TextKey, max: number, extra: Rule[] = [], input: ReactNode = <Input />, wide = false) => (
    <Cell wide={wide}>
      <Form.Item name={name} label={t(name)} rules={[r.text(name, max), ...extra]}>
        {input}
      </Form.Item>
    </Cell>
  );
  const secret = (name: TextKey) => text(name, 200, [], <Input.Password autoComplete="new-password" />);
  const toggle = (name: TextKey, extra?: ReactNode) => (
    <Cell>
      <Form.Item label={t(name)}>
        <Space size={12} wrap>
          <Form.Item name={name} noStyle {...switchProps}>
            <Switch aria-label={t(name)} />
          </Form.Item>
          {extra}
        </Space>
      </Form.Item>
    </Cell>
  );
  const number = (name: TextKey, min: number, max: number, deps: string[] = [], extra?: Rule[]) => (
    <Cell>
      <Form.Item name={name} label={t(name)} rules={[r.range(name, min, max), ...(extra ?? [])]} dependencies={deps}>
        <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </Cell>
  );
  const image = (name: TextKey) => (
    <Cell>
      <Form.Item label={t(name)} extra={t('imageHint')}>
        <Space.Compact block>
          <Form.Item name={name} noStyle rules={[r.text(name, 500), r.image(name)]}>
            <Input allowClear />
          </Form.Item>
        </Space.Compact>
        <ImagePreview form={form} name={name} />
      </Form.Item>
    </Cell>
  );
  /** shown while a switch is on */
  const when = (flag: string, render: () => ReactNode) => (
    <Form.Item noStyle dependencies={[flag]}>
      {({ getFieldValue }) => (Number(getFieldValue(flag)) === 1 ? render() : null)}
    </Form.Item>
  );

  const basic = (
    <>
      <Section title={t('sectionSystem')}>
        {text('sysName', 100)}
        {text('title', 100)}
        {text('sysVersion', 50, [], <Input disabled />)}
        {text('copyright', 200)}
        {text('jnpfDomain', 500, [r.url('jnpfDomain')])}
        {text('sysDescription', 2000, [], <Input.TextArea rows={3} />, true)}
      </Section>
      <Section title={t('sectionCompany')}>
        {text('companyName', 200)}
        {text('companyCode', 100)}
        {text('companyContacts', 100)}
        {text('companyTelePhone', 50, [r.phone('companyTelePhone')])}
        {text('companyEmail', 200, [r.email('companyEmail')])}
        {text('companyAddress', 500)}
      </Section>
      <Section title={t('sectionImages')}>
        {image('loginIcon')}
        {image('navigationIcon')}
        {image('logoIcon')}
        {image('appIcon')}
      </Section>
    </>
  );

  const security = (
    <>
      <Section title={t('sectionLogin')}>
        <Cell wide>
          <Form.Item name="singleLogin" label={t('singleLogin')}>
            <Radio.Group
              options={[
                { value: 1, label: t('singleLogin1') },
                { value: 2, label: t('singleLogin2') },
              ]}
            />
          </Form.Item>
        </Cell>
        {number('tokenTimeout', 1, 43200)}
        {toggle('lastLoginTimeSwitch')}
        {toggle('enableVerificationCode')}
        {when('enableVerificationCode', () => number('verificationCodeNumber', 3, 8))}
        {toggle('whitelistSwitch')}
        {when('whitelistSwitch', () => (
          <Cell wide>
            <Form.Item
              name="whiteListIp"
              label={t('whiteListIp')}
              extra={t('whiteListHint')}
              dependencies={['whitelistSwitch']}
              rules={[
                r.text('whiteListIp', 2000),
                r.whitelist('whiteListIp'),
                ({ getFieldValue }) => ({
                  validator: (_rule, value: unknown) =>
                    Number(getFieldValue('whitelistSwitch')) === 1 && whitelistEntries(String(value ?? '')).length === 0
                      ? Promise.reject(new Error(t('whitelistEmpty')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Input.TextArea rows={2} />
            </Form.Item>
          </Cell>
        ))}
      </Section>
      <Section title={t('sectionLock')}>
        <Cell>
          <Form.Item
            name="passwordErrorsNumber"
            label={t('passwordErrorsNumber')}
            extra={t('passwordErrorsHint')}
            rules={[r.range('passwordErrorsNumber', 0, 100)]}
          >
            <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Cell>
        <Cell>
          <Form.Item name="lockType" label={t('lockType')}>
            <Radio.Group
              options={[
                { value: 1, label: t('lockType1') },
                { value: 2, label: t('lockType2') },
              ]}
            />
          </Form.Item>
        </Cell>
        <Form.Item noStyle dependencies={['lockType']}>
          {({ getFieldValue }) => (Number(getFieldValue('lockType')) === 2 ? number('lockTime', 1, 1440) : null)}
        </Form.Item>
      </Section>
      <Section title={t('sectionPassword')}>
        <Cell wide>
          <Form.Item
            label={t('passwordStrengthLimit')}
            name="passwordStrengthLimit"
            {...switchProps}
            dependencies={[
              'passwordLengthMin',
              'containsNumbers',
              'includeLowercaseLetters',
              'includeUppercaseLetters',
              'containsCharacters',
            ]}
            rules={[
              ({ getFieldsValue }) => ({
                validator: (_rule, value: unknown) =>
                  Number(value) === 1 && !hasStrengthRule(getFieldsValue(true) as never)
                    ? Promise.reject(new Error(t('noStrengthRule')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Switch aria-label={t('passwordStrengthLimit')} />
          </Form.Item>
        </Cell>
        {when('passwordStrengthLimit', () => (
          <>
            {toggle('passwordLengthMin')}
            {when('passwordLengthMin', () => number('passwordLengthMinNumber', 1, 32))}
            {toggle('containsNumbers')}
            {toggle('includeLowercaseLetters')}
            {toggle('includeUppercaseLetters')}
            {toggle('containsCharacters')}
          </>
        ))}
        {toggle('passwordIsUpdatedRegularly')}
        {when('passwordIsUpdatedRegularly', () => (
          <>
            {number('updateCycle', 1, 3650)}
            {number(
              'updateInAdvance',
              0,
              365,
              ['updateCycle'],
              [
                ({ getFieldValue }) => ({
                  validator: (_rule, value: unknown) =>
                    Number(value) >= Number(getFieldValue('updateCycle'))
                      ? Promise.reject(new Error(t('advanceNotBeforeCycle')))
                      : Promise.resolve(),
                }),
              ],
            )}
          </>
        ))}
        {toggle('disableOldPassword')}
        {when('disableOldPassword', () => number('disableTheNumberOfOldPasswords', 1, 24))}
        {toggle('mandatoryModificationOfInitialPassword')}
        <Cell>
          <Form.Item
            name="newUserDefaultPassword"
            label={t('newUserDefaultPassword')}
            dependencies={[
              'passwordStrengthLimit',
              'passwordLengthMin',
              'passwordLengthMinNumber',
              'containsNumbers',
              'includeLowercaseLetters',
              'includeUppercaseLetters',
              'containsCharacters',
            ]}
            rules={[
              r.password('newUserDefaultPassword'),
              ({ getFieldsValue }) => ({
                validator: (_rule, value: unknown) => {
                  const policy = getFieldsValue(true) as never;
                  return Number((policy as SysConfig).passwordStrengthLimit) === 1 &&
                    hasStrengthRule(policy) &&
                    !defaultPasswordPasses(String(value ?? ''), policy)
                    ? Promise.reject(new Error(t('defaultPasswordWeak')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <Input />
          </Form.Item>
        </Cell>
      </Section>
    </>
  );

  const third = (
    <>
      <Section title={t('sectionWecom')}>
        {text('qyhCorpId', 200)}
        {text('qyhAgentId', 200)}
        {secret('qyhAgentSecret')}
        {secret('qyhCorpSecret')}
        {toggle('qyhIsSynOrg')}
        {toggle('qyhIsSynUser')}
        <Cell wide>
          <Form.Item label=" " colon={false}>
            <Space wrap>
              <Button
                disabled={!canEdit}
                loading={testing === 'qy0'}
                onClick={() =>
                  void runTest('qy0', ['qyhCorpId', 'qyhAgentSecret'], (v) =>
                    sysConfigApi.testWecom(0, {
                      qyhCorpId: str(v, 'qyhCorpId'),
                      qyhAgentId: str(v, 'qyhAgentId'),
                      qyhAgentSecret: str(v, 'qyhAgentSecret'),
                      qyhCorpSecret: str(v, 'qyhCorpSecret'),
                    }),
                  )
                }
              >
                {t('testMessage')}
              </Button>
              <Button
                disabled={!canEdit}
                loading={testing === 'qy1'}
                onClick={() =>
                  void runTest('qy1', ['qyhCorpId', 'qyhCorpSecret'], (v) =>
                    sysConfigApi.testWecom(1, {
                      qyhCorpId: str(v, 'qyhCorpId'),
                      qyhAgentId: str(v, 'qyhAgentId'),
                      qyhAgentSecret: str(v, 'qyhAgentSecret'),
                      qyhCorpSecret: str(v, 'qyhCorpSecret'),
                    }),
                  )
                }
              >
                {t('testSync')}
              </Button>
            </Space>
          </Form.Item>
        </Cell>
      </Section>
      <Section title={t('sectionDing')}>
        {text('dingSynAppKey', 200)}
        {secret('dingSynAppSecret')}
        {text('dingAgentId', 200)}
        <Cell />
        {toggle('dingSynIsSynOrg')}
        {toggle('dingSynIsSynUser')}
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
        {text('emailSmtpHost', 253, [r.host('emailSmtpHost')])}
        {text('emailSmtpPort', 10, [r.port('emailSmtpPort')])}
        {text('emailPop3Host', 253, [r.host('emailPop3Host')])}
        {text('emailPop3Port', 10, [r.port('emailPop3Port')])}
        {text('emailSenderName', 100)}
        {text('emailAccount', 200, [r.email('emailAccount')])}
        {secret('emailPassword')}
        {toggle('emailSsl')}
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
                {text('tencentSecretId', 200)}
                {secret('tencentSecretKey')}
                {text('tencentAppId', 200)}
                {secret('tencentAppKey')}
              </>
            ) : (
              <>
                {text('aliAccessKey', 200)}
                {secret('aliSecret')}
              </>
            )
          }
        </Form.Item>
        {text('smsSignName', 100)}
        {text('smsLoginTemplate', 100)}
      </Section>
    </>
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
              { key: 'basic', label: t('tabBasic'), children: basic, forceRender: true },
              { key: 'security', label: t('tabSecurity'), children: security, forceRender: true },
              { key: 'third', label: t('tabThird'), children: third, forceRender: true },
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

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { feedback } from '../../../platform/feedback';
import { validHost, validImageRef, validWhitelist } from './checks';
import SysConfigPage from './SysConfigPage';
import { tabOf } from './tabs';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 120_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/system/SysConfig';
const config = {
  sysName: 'JNPF快速开发平台',
  title: 'JNPF快速开发平台',
  sysVersion: '3.6.0',
  sysDescription: '',
  copyright: 'Copyright',
  jnpfDomain: '',
  companyName: '',
  companyCode: '',
  companyAddress: '',
  companyContacts: '',
  companyTelePhone: '',
  companyEmail: '',
  loginIcon: '',
  navigationIcon: '',
  logoIcon: '',
  appIcon: '',
  singleLogin: 2,
  tokenTimeout: 720,
  lastLoginTimeSwitch: 1,
  enableVerificationCode: 0,
  verificationCodeNumber: 4,
  whitelistSwitch: 0,
  whiteListIp: '',
  passwordErrorsNumber: 6,
  lockType: 1,
  lockTime: 10,
  passwordStrengthLimit: 0,
  passwordLengthMin: 0,
  passwordLengthMinNumber: 6,
  containsNumbers: 0,
  includeLowercaseLetters: 0,
  includeUppercaseLetters: 0,
  containsCharacters: 0,
  passwordIsUpdatedRegularly: 0,
  updateCycle: 90,
  updateInAdvance: 7,
  disableOldPassword: 0,
  disableTheNumberOfOldPasswords: 3,
  mandatoryModificationOfInitialPassword: 0,
  newUserDefaultPassword: '0000',
  qyhCorpId: '',
  qyhAgentId: '',
  qyhAgentSecret: '',
  qyhCorpSecret: '',
  qyhIsSynOrg: 0,
  qyhIsSynUser: 0,
  dingSynAppKey: '',
  dingSynAppSecret: '',
  dingAgentId: '',
  dingSynIsSynOrg: 0,
  dingSynIsSynUser: 0,
  emailSmtpHost: '',
  emailSmtpPort: '',
  emailPop3Host: '',
  emailPop3Port: '',
  emailSenderName: '',
  emailAccount: '',
  emailPassword: '',
  emailSsl: 0,
  smsCompany: '1',
  aliAccessKey: '',
  aliSecret: '',
  tencentSecretId: '',
  tencentSecretKey: '',
  tencentAppId: '',
  tencentAppKey: '',
  isLog: '1',
};

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  vi.mocked(feedback.error).mockClear();
  api = mockApi().on('GET', BASE, ok(config)).on('PUT', BASE, ok(undefined, '操作成功'));
});

const save = () => screen.getByRole('button', { name: /保\s*存/ });

describe('configuration checks', () => {
  it('match the server formats', () => {
    expect(validWhitelist('192.168.0.1, 10.0.*,::1')).toBe(true);
    expect(validWhitelist('192.168.0.300')).toBe(false);
    expect(validHost('smtp.example.com')).toBe(true);
    expect(validHost('bad host')).toBe(false);
    expect(validImageRef('/api/file/logo.png')).toBe(true);
    expect(validImageRef('javascript:alert(1)')).toBe(false);
    expect(tabOf('emailSmtpPort')).toBe('third');
    expect(tabOf('passwordLengthMinNumber')).toBe('security');
  });
});

describe('SysConfigPage', () => {
  it('saves the edited keys and shows the server message', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SysConfigPage />);
    const name = await screen.findByLabelText('系统名称');
    await user.clear(name);
    await user.type(name, '引迈平台');
    await user.click(save());
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('操作成功', 1.5));
    const body = api.callsTo('PUT', BASE)[0]!.body as Record<string, unknown>;
    expect(body.sysName).toBe('引迈平台');
    expect(body.tokenTimeout).toBe(720);
    expect(body.smsCompany).toBe('1');
    expect(body).not.toHaveProperty('sysVersion');
    expect(body).not.toHaveProperty('isLog');
  });

  it('checks fields on the client and opens the tab of the first error', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SysConfigPage />);
    await screen.findByLabelText('系统名称');
    fireEvent.change(screen.getByLabelText('SMTP端口'), { target: { value: '70000' } });
    await user.click(save());
    expect(await screen.findByText('SMTP端口须为1到65535之间的端口号')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '第三方配置' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(api.callsTo('PUT', BASE)).toHaveLength(0);
  });

  it('requires a strength rule when the password strength limit is on', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SysConfigPage />);
    await screen.findByLabelText('系统名称');
    await user.click(screen.getByRole('tab', { name: '安全策略' }));
    await user.click(screen.getByRole('switch', { name: '密码强度限制' }));
    await user.click(save());
    expect(await screen.findByText('开启密码强度限制时，至少选择一项规则')).toBeTruthy();
    expect(api.callsTo('PUT', BASE)).toHaveLength(0);
  });

  it('refuses a default password of new users that the strength rules would refuse', async () => {
    api.on('GET', BASE, ok({ ...config, passwordStrengthLimit: 1, containsNumbers: 1, includeUppercaseLetters: 1 }));
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SysConfigPage />);
    await screen.findByLabelText('系统名称');
    await user.click(save());
    expect(await screen.findByText('新用户默认密码不符合当前密码强度规则')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '安全策略' }).getAttribute('aria-selected')).toBe('true');
    expect(api.callsTo('PUT', BASE)).toHaveLength(0);
  });

  it('puts the server’s per-field messages on the fields', async () => {
    api.on('PUT', BASE, {
      code: 401,
      msg: '数据验证失败',
      data: { errors: { whiteListIp: '白名单不包含您当前的IP地址（10.0.0.9），保存后将无法登录' } },
    });
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SysConfigPage />);
    await screen.findByLabelText('系统名称');
    await user.click(screen.getByRole('tab', { name: '安全策略' }));
    await user.click(screen.getByRole('switch', { name: '白名单验证' }));
    await user.type(await screen.findByLabelText('白名单设置'), '192.168.1.*');
    await user.click(screen.getByRole('tab', { name: '基本信息' }));
    await user.click(save());
    expect(await screen.findByText('白名单不包含您当前的IP地址（10.0.0.9），保存后将无法登录')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '安全策略' }).getAttribute('aria-selected')).toBe('true');
    expect(feedback.error).toHaveBeenCalledWith('数据验证失败', 1.5);
  });

  it('tests the DingTalk connection with the values on screen', async () => {
    api.on('POST', `${BASE}/testDingTalkConnect`, ok(undefined, '测试钉钉连接成功'));
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SysConfigPage />);
    await screen.findByLabelText('系统名称');
    await user.click(screen.getByRole('tab', { name: '第三方配置' }));
    const panel = screen.getByRole('tabpanel');
    await user.click(within(panel).getByRole('button', { name: '测试连接' }));
    expect(await screen.findByText('钉钉应用凭证不能为空')).toBeTruthy();
    expect(api.callsTo('POST', `${BASE}/testDingTalkConnect`)).toHaveLength(0);
    await user.type(screen.getByLabelText('钉钉应用凭证'), 'key');
    await user.type(screen.getByLabelText('钉钉凭证密钥'), 'secret');
    await user.click(within(panel).getByRole('button', { name: '测试连接' }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('测试钉钉连接成功', 1.5));
    expect(api.callsTo('POST', `${BASE}/testDingTalkConnect`)[0]!.body).toEqual({
      dingSynAppKey: 'key',
      dingSynAppSecret: 'secret',
      dingAgentId: '',
    });
  });
});

import { aesEcbDecryptHex, DEFAULT_CIPHER_KEY, md5Hex } from '@jnpf/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../platform/i18n';
import { feedback } from '../../platform/feedback';
import { setToken, useSession } from '../../platform/session';
import ResetPasswordDialog from './ResetPasswordDialog';

// jsdom reports an English browser; these tests read the Chinese texts.
beforeAll(() => i18n.changeLanguage('zh'));
vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const policy = {
  passwordStrengthLimit: 1,
  passwordLengthMin: 1,
  passwordLengthMinNumber: 8,
  containsNumbers: 1,
  includeLowercaseLetters: 0,
  includeUppercaseLetters: 0,
  containsCharacters: 0,
  mandatoryModificationOfInitialPassword: 1,
};

function serve(modify: (body: Record<string, string>) => unknown) {
  // each stub answers exactly one method and path; anything else is a mistake of the dialog
  fetchMock.mockImplementation(async (input, init) => {
    const call = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://x').pathname}`;
    if (call === 'GET /api/oauth/getConfig/admin')
      return new Response(JSON.stringify({ code: 200, msg: '', data: policy }));
    if (call === 'POST /api/permission/Users/Current/Actions/ModifyPassword')
      return new Response(JSON.stringify(modify(JSON.parse(String(init!.body)))));
    throw new Error(`unexpected ${call}`);
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(feedback.success).mockClear();
  setToken('bearer t');
  useSession.setState({ userInfo: { userAccount: 'admin', userName: '管理员' } as never });
});

async function fill(old: string, next: string, repeat: string, code: string) {
  const user = userEvent.setup();
  if (old) await user.type(screen.getByPlaceholderText('请输入旧密码'), old);
  if (next) await user.type(screen.getByPlaceholderText('请输入新密码'), next);
  if (repeat) await user.type(screen.getByPlaceholderText('请再次输入新密码'), repeat);
  if (code) await user.type(screen.getByPlaceholderText('请输入验证码'), code);
  await user.click(screen.getByRole('button', { name: /确\s*定/ }));
}

describe('ResetPasswordDialog', () => {
  it('shows every required message and the policy messages', async () => {
    serve(() => ({ code: 200, msg: 'ok' }));
    render(<ResetPasswordDialog open onClose={() => undefined} />);
    await screen.findByText('密码要求：至少8位、包含数字');
    await fill('', '', '', '');
    for (const message of ['旧密码不能为空', '新密码不能为空', '重复密码不能为空', '验证码不能为空'])
      expect(await screen.findByText(message)).toBeTruthy();
    await fill('old', 'abc', 'abd', 'x');
    expect(await screen.findByText('新密码长度不能小于8位')).toBeTruthy();
    expect(await screen.findByText('两次密码输入不一致')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('ModifyPassword'))).toBe(false);
  });

  it('sends md5 passwords, the encrypted new password and the captcha, then shows the server message', async () => {
    let sent: Record<string, string> = {};
    serve((body) => {
      sent = body;
      return { code: 200, msg: '修改成功，请牢记新密码' };
    });
    const onChanged = vi.fn();
    const onClose = vi.fn();
    render(<ResetPasswordDialog open onClose={onClose} onChanged={onChanged} />);
    await screen.findByText('密码要求：至少8位、包含数字');
    const captcha = screen.getByAltText('验证码') as HTMLImageElement;
    const key = decodeURIComponent(captcha.src.split('/ImageCode/')[1]!);
    await fill('0000', 'newpass123', 'newpass123', 'ab12');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toMatchObject({
      oldPassword: md5Hex('0000'),
      password: md5Hex('newpass123'),
      code: 'ab12',
      timestamp: key,
    });
    expect(aesEcbDecryptHex(sent.encryptPassword!, DEFAULT_CIPHER_KEY)).toBe('newpass123');
    expect(feedback.success).toHaveBeenCalledWith('修改成功，请牢记新密码', 1.5);
    expect(onChanged).toHaveBeenCalled();
  });

  it('cannot be dismissed when forced, and shows a refused captcha on its field with a new image', async () => {
    serve(() => ({ code: 401, msg: '数据验证失败', data: { errors: { code: '验证码错误' } } }));
    render(<ResetPasswordDialog open forced />);
    expect(await screen.findByText('修改初始密码')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    const before = (screen.getByAltText('验证码') as HTMLImageElement).src;
    await fill('0000', 'newpass123', 'newpass123', 'zzzz');
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    expect((screen.getByAltText('验证码') as HTMLImageElement).src).not.toBe(before);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../platform/feedback';
import { i18n } from '../../platform/i18n';
import { setToken, useSession } from '../../platform/session';
import ProfilePage from './ProfilePage';

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

// jsdom reports an English browser; these tests read the Chinese texts.
beforeAll(() => i18n.changeLanguage('zh'));

const fetchMock = vi.fn<typeof fetch>();
const baseInfo = {
  id: 'u1',
  account: 'admin',
  realName: '管理员',
  gender: '1',
  mobilePhone: '',
  email: '',
  birthday: null,
  organize: '智慧园区集团',
  position: '',
  roleId: '',
  manager: '',
  certificatesType: '',
  certificatesNumber: '',
};

type Reply = (init: RequestInit) => unknown;
/** answers each "METHOD /api/path" (the query aside); any other call is recorded as unexpected */
const unexpected: string[] = [];
function serve(routes: Record<string, Reply>) {
  fetchMock.mockImplementation(async (input, init) => {
    const call = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://x').pathname}`;
    const reply = routes[call];
    if (!reply) {
      unexpected.push(call);
      return new Response(JSON.stringify({ code: 400, msg: `unexpected ${call}` }));
    }
    return new Response(JSON.stringify(reply(init ?? {})));
  });
}

const user = () => userEventLibrary.setup({ delay: null });

function renderProfile() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProfilePage />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  setToken('bearer t');
  useSession.setState({
    userInfo: {
      userAccount: 'admin',
      userName: '管理员',
      organizeName: '智慧园区集团',
      changePasswordDate: null,
    } as never,
  });
});

afterEach(() => {
  const calls = unexpected.splice(0);
  expect(calls, 'calls nothing the test does not answer').toEqual([]);
});

describe('ProfilePage', () => {
  it('shows the personal information and edits it with the field rules’ messages', async () => {
    let saved: Record<string, unknown> | null = null;
    serve({
      'GET /api/permission/Users/Current/BaseInfo': () => ({ code: 200, msg: 'Success', data: baseInfo }),
      'PUT /api/permission/Users/Current/BaseInfo': (init) => {
        saved = JSON.parse(String(init.body));
        return { code: 200, msg: '修改成功' };
      },
      'GET /api/oauth/CurrentUser': () => ({
        code: 200,
        msg: 'Success',
        data: { menuList: [{ id: 'm' }], userInfo: { userAccount: 'admin', userName: '管理员' } },
      }),
    });
    renderProfile();
    const userEvent = user();
    expect(await screen.findByText('男')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const paste = async (label: string, value: string) => {
      await userEvent.clear(screen.getByLabelText(label));
      if (value) {
        await userEvent.click(screen.getByLabelText(label));
        await userEvent.paste(value);
      }
    };
    await paste('手机', '123');
    await paste('邮箱', 'x@');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请正确输入您的手机号')).toBeTruthy();
    expect(await screen.findByText('请正确输入您的邮箱地址')).toBeTruthy();
    expect(saved).toBeNull();

    await paste('手机', '13800138000');
    await paste('邮箱', '');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toMatchObject({ realName: '管理员', gender: 1, mobilePhone: '13800138000', email: '' });
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('修改成功', 1.5));
  }, 60_000);

  it('switches the main organisation and shows the server message', async () => {
    let major: unknown = null;
    serve({
      'GET /api/permission/Users/Current/BaseInfo': () => ({ code: 200, msg: 'Success', data: baseInfo }),
      'GET /api/permission/Users/Current/getUserOrganizes': () => ({
        code: 200,
        msg: 'Success',
        data: [
          { id: 'o1', fullName: '智慧园区集团', isDefault: true },
          { id: 'o2', fullName: '智慧园区集团/研发部', isDefault: false },
        ],
      }),
      // a new main organisation reloads the session
      'GET /api/oauth/CurrentUser': () => ({
        code: 200,
        msg: 'Success',
        data: { menuList: [{ id: 'm' }], userInfo: { userAccount: 'admin', userName: '管理员' } },
      }),
      'PUT /api/permission/Users/Current/major': (init) => {
        major = JSON.parse(String(init.body));
        return { code: 200, msg: '设置成功' };
      },
    });
    renderProfile();
    const userEvent = user();
    await userEvent.click(await screen.findByRole('tab', { name: '我的组织' }));
    expect(await screen.findByText('主组织')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '设为主要' }));
    await waitFor(() => expect(major).toEqual({ majorId: 'o2', majorType: 'Organize' }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('设置成功', 1.5));
  });

  it('says when the initial password was never changed, and empty signatures ask for one', async () => {
    serve({
      'GET /api/permission/Users/Current/BaseInfo': () => ({ code: 200, msg: 'Success', data: baseInfo }),
      'GET /api/permission/Users/Current/SignImg': () => ({ code: 200, msg: 'Success', data: [] }),
    });
    renderProfile();
    const userEvent = user();
    await userEvent.click(await screen.findByRole('tab', { name: '修改密码' }));
    expect(await screen.findByText('您还没有修改过初始密码')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: '我的签名' }));
    expect(await screen.findByText('暂无签名')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /新建签名/ }));
    expect(await screen.findByText('请在此区域内签名')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(feedback.error).toHaveBeenCalledWith('请签名');
  });

  it('changes the avatar: refuses other files here, uploads a picture, chooses it and reloads the session', async () => {
    const calls: string[] = [];
    serve({
      'GET /api/permission/Users/Current/BaseInfo': () => ({ code: 200, msg: 'Success', data: baseInfo }),
      'POST /api/file/Uploader/userAvatar': () => {
        calls.push('upload');
        return {
          code: 200,
          msg: 'Success',
          data: { name: '20261122_ab.png', url: '/api/file/Image/userAvatar/20261122_ab.png' },
        };
      },
      'PUT /api/permission/Users/Current/Avatar/20261122_ab.png': (init) => {
        calls.push(`${init.method} avatar`);
        return { code: 200, msg: '设置成功' };
      },
      'GET /api/oauth/CurrentUser': () => {
        calls.push('session');
        return {
          code: 200,
          msg: 'Success',
          data: {
            menuList: [{ id: 'm', type: 2, enCode: 'a', fullName: 'A', urlAddress: 'a', children: [] }],
            permissionList: [],
            userInfo: {
              userAccount: 'admin',
              userName: '管理员',
              headIcon: '/api/file/Image/userAvatar/20261122_ab.png',
            },
            sysConfigInfo: {},
          },
        };
      },
    });
    renderProfile();
    const input = screen.getByTestId('avatar-input') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(feedback.error).toHaveBeenCalledWith('只能上传图片（png、jpg、gif、webp、bmp）');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' })] },
    });
    expect(feedback.error).toHaveBeenCalledWith('头像大小不能超过2M');
    expect(calls).toEqual([]);

    fireEvent.change(input, { target: { files: [new File([new Uint8Array(10)], 'me.png', { type: 'image/png' })] } });
    await waitFor(() => expect(calls).toEqual(['upload', 'PUT avatar', 'session']));
    expect(useSession.getState().userInfo?.headIcon).toBe('/api/file/Image/userAvatar/20261122_ab.png');
    expect(feedback.success).toHaveBeenCalledWith('设置成功');
  });
});

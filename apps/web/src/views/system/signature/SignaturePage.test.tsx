import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../components/admin/testUtils';
import { feedback } from '../../../platform/feedback';
import { acceptableImage } from './image';
import SignaturePage from './SignaturePage';
import {
  ALL_USERS_PATH,
  pickUserBySearch,
  USER_NAMES_PATH,
  USER_SEARCH_PATH,
  userNamesReply,
  userSearchReply,
} from '../../../test/userPicker';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/system/Signature';
// the smallest PNG: the 8-byte signature is enough for the type check here
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

const PEOPLE = [{ id: 'u1', fullName: '管理员/admin' }];

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.success).mockClear();
  api = mockApi()
    .on(
      'GET',
      BASE,
      ok({
        list: [{ id: 's1', fullName: '公章', enCode: 'seal', userIds: '管理员/admin', creatorTime: 1705280000000 }],
        pagination: { currentPage: 1, pageSize: 20, total: 1 },
      }),
    )
    .on('POST', USER_SEARCH_PATH, (call) => ok(userSearchReply(PEOPLE)(call.body)))
    .on('POST', USER_NAMES_PATH, (call) => ok(userNamesReply(PEOPLE)(call.body)))
    .on('POST', BASE, ok('s2', '新建成功'))
    .on('DELETE', `${BASE}/s1`, ok(undefined, '删除成功'));
});

describe('SignaturePage', () => {
  it('accepts only images of the allowed types up to 1 MB', () => {
    expect(acceptableImage({ type: 'image/png', size: 10 })).toBe(true);
    expect(acceptableImage({ type: 'image/svg+xml', size: 10 })).toBe(false);
    expect(acceptableImage({ type: 'image/png', size: 1024 * 1024 + 1 })).toBe(false);
  });

  it('lists seals with their authorised users and deletes after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SignaturePage />);
    const row = (await screen.findByText('公章')).closest('tr')!;
    expect(within(row).getByText('管理员/admin')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('删除成功', 1.5));
  });

  it('creates a seal with an uploaded image sent as a data URL and the chosen users', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<SignaturePage />);
    await screen.findByText('公章');
    await user.click(screen.getByRole('button', { name: /新\s*建/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('名称不能为空')).toBeTruthy();
    expect(within(dialog).getByText('授权人不能为空')).toBeTruthy();
    expect(within(dialog).getByText('签章不能为空')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('名称'), '合同章');
    await user.type(within(dialog).getByLabelText('编码'), 'contract');
    // found by a keyword in the "select user" dialog, never from the list of every user
    await pickUserBySearch(within(dialog).getByLabelText('授权人'), '管理', '管理员/admin');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([PNG], 'seal.png', { type: 'image/png' }));
    await waitFor(() => expect(within(dialog).getByAltText('签章')).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('新建成功', 1.5));
    const body = api.callsTo('POST', BASE)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ fullName: '合同章', enCode: 'contract', userIds: ['u1'], sortCode: 0 });
    expect(String(body.icon)).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(api.callsTo('GET', ALL_USERS_PATH)).toHaveLength(0);
  });
});

// Test helpers of the screens whose user fields open the "select user" dialog (used by *.test.tsx only): the
// replies of the picker's calls — a keyword search of users and the names of held ids — and picking a user found
// by a keyword. None of them is the every-user list (Users/All), which a test can then check was never called.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

export interface PickerUserRow {
  id: string;
  fullName: string;
}

export const USER_SEARCH_PATH = '/api/permission/Users/ImUser/Selector/0';
export const USER_NAMES_PATH = '/api/permission/Users/getSelectedList';
export const ALL_USERS_PATH = '/api/permission/Users/All';

/** ImUser/Selector/0: with a keyword, the given users whose name holds it (one page); without, one top organisation */
export function userSearchReply(users: readonly PickerUserRow[]) {
  return (body: unknown) => {
    const keyword = (body as { keyword?: string } | undefined)?.keyword ?? '';
    if (!keyword) return { list: [{ id: 'top', fullName: '总公司', type: 'company', hasChildren: true }] };
    const list = users
      .filter((u) => u.fullName.includes(keyword))
      .map((u) => ({ ...u, type: 'user', isLeaf: true, organize: '总公司' }));
    return { list, pagination: { currentPage: 1, pageSize: 20, total: list.length } };
  };
}

/** Users/getSelectedList: the given users named for the held ids ("id" or "id--user"), in the order asked */
export function userNamesReply(users: readonly PickerUserRow[]) {
  return (body: unknown) => {
    const ids = (body as { ids?: string[] } | undefined)?.ids ?? [];
    const list = ids.flatMap((wire) => {
      const found = users.find((u) => u.id === wire.replace(/--user$/, ''));
      return found ? [{ ...found, type: 'user' }] : [];
    });
    return { list };
  };
}

const openDialogs = () => screen.queryAllByRole('dialog').filter((d) => !d.closest('.ant-zoom-leave'));

/**
 * Opens the user dialog from `field` (a click on it), searches `keyword` (Enter), picks the user named `name` from
 * the matching list and confirms; resolves once the dialog has closed.
 */
export async function pickUserBySearch(field: HTMLElement, keyword: string, name: string) {
  const before = openDialogs().length;
  fireEvent.click(field);
  const dialog = await waitFor(() => {
    const found = openDialogs().find((d) => within(d).queryByText('选择用户'));
    if (!found) throw new Error('the user dialog did not open');
    return found;
  });
  const input = within(dialog).getByRole('searchbox', { name: '请输入关键词查询' });
  fireEvent.change(input, { target: { value: keyword } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  const list = await within(dialog).findByRole('listbox', { name: '全部数据' });
  fireEvent.click(await within(list).findByText(name));
  fireEvent.click(within(dialog).getByRole('button', { name: /^\s*确\s*定\s*$/ }));
  await waitFor(() => {
    if (openDialogs().length > before) throw new Error('the user dialog is still open');
  });
}

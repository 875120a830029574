// The admin forms' user field: held users named by the selected-list call, the "select user" dialog opened by a
// click or from the keyboard, users found by a keyword (never the list of every user), the excluded user not
// pickable, and the value one id (cleared: undefined) or a list.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../admin/testUtils';
import { serveApi, type Call } from '../../test/screen';
import {
  ALL_USERS_PATH,
  pickUserBySearch,
  USER_NAMES_PATH,
  USER_SEARCH_PATH,
  userNamesReply,
  userSearchReply,
} from '../../test/userPicker';
import { UserSelect } from './UserSelect';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const PEOPLE = [
  { id: 'u1', fullName: '张三/zhangsan' },
  { id: 'u2', fullName: '王五/wangwu' },
  { id: 'u3', fullName: '李四/lisi' },
];

const serve = () =>
  serveApi({
    [`POST ${USER_SEARCH_PATH}`]: (call: Call) => userSearchReply(PEOPLE)(call.body),
    [`POST ${USER_NAMES_PATH}`]: (call: Call) => userNamesReply(PEOPLE)(call.body),
  });

describe('user select', () => {
  it('names the held user, opens from the keyboard, skips the excluded user and gives the picked id', async () => {
    const { calls } = serve();
    const onChange = vi.fn();
    renderAdmin(<UserSelect ariaLabel="主管" value="u3" exclude="u1" onChange={onChange} />);
    expect(await screen.findByTitle('李四/lisi')).toBeTruthy();
    expect(calls.find((c) => c.path === USER_NAMES_PATH)!.body).toEqual({ ids: ['u3'] });

    fireEvent.keyDown(screen.getByLabelText('主管'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    const box = await waitFor(() => screen.getByRole('dialog'));
    expect(within(box).getByText('选择用户')).toBeTruthy();
    const input = within(box).getByRole('searchbox', { name: '请输入关键词查询' });
    fireEvent.change(input, { target: { value: 'a' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const list = await within(box).findByRole('listbox', { name: '全部数据' });
    // the excluded user is listed but cannot be picked
    fireEvent.click(await within(list).findByText('张三/zhangsan'));
    expect(within(within(box).getByRole('list', { name: '已选' })).queryAllByRole('listitem')).toHaveLength(0);
    fireEvent.click(within(list).getByText('王五/wangwu'));
    fireEvent.click(within(box).getByRole('button', { name: /^\s*确\s*定\s*$/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('u2'));
    expect(calls.some((c) => c.path === ALL_USERS_PATH)).toBe(false);
  });

  it('multiple: adds the users found to those held; clearing gives undefined in single mode', async () => {
    const { calls } = serve();
    const onChange = vi.fn();
    const onClear = vi.fn();
    renderAdmin(
      <>
        <UserSelect ariaLabel="参与人" multiple value={['u3']} onChange={onChange} />
        <UserSelect ariaLabel="主管" value="u1" onChange={onClear} />
      </>,
    );
    await pickUserBySearch(screen.getByLabelText('参与人'), '王', '王五/wangwu');
    expect(onChange).toHaveBeenLastCalledWith(['u3', 'u2']);

    await screen.findByTitle('张三/zhangsan');
    const single = screen.getByLabelText('主管').closest('.ant-select')!;
    fireEvent.mouseDown(single.querySelector('.ant-select-clear')!);
    fireEvent.click(single.querySelector('.ant-select-clear')!);
    await waitFor(() => expect(onClear).toHaveBeenLastCalledWith(undefined));
    expect(calls.some((c) => c.path === ALL_USERS_PATH)).toBe(false);
  });
});

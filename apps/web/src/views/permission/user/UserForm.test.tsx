// The user dialog offers only the roles the server accepts for the chosen organisations (global roles and those
// of the organisations themselves), and drops chosen roles an organisation change leaves out.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flatDictionary } from '../../../test/fixtures';
import { renderScreen, serveApi, type Call } from '../../../test/screen';
import { UserForm } from './UserForm';
import {
  ALL_USERS_PATH,
  pickUserBySearch,
  USER_NAMES_PATH,
  USER_SEARCH_PATH,
  userNamesReply,
  userSearchReply,
} from '../../../test/userPicker';

vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

beforeEach(() => vi.unstubAllGlobals());

const role = (id: string, fullName: string, parentId: string) => ({
  id,
  parentId,
  fullName,
  type: 'role',
  children: [],
});

/** the server's getListByOrgIds: each chosen organisation with its own roles, then the 全局 node */
function rolesOf(call: Call) {
  const own: Record<string, ReturnType<typeof role>[]> = {
    d1: [role('r1', '研发经理', 'd1')],
    d2: [role('r2', '销售经理', 'd2')],
    d3: [role('r3', '财务经理', 'd3')],
  };
  const names: Record<string, string> = { d1: '研发部', d2: '销售部', d3: '财务部' };
  const ids = (call.body as { organizeIds: string[] }).organizeIds;
  return {
    list: [
      ...ids.map((id) => ({ id, fullName: names[id], type: 'department', children: own[id] ?? [] })),
      { id: '0', fullName: '全局', type: 'global', children: [role('g1', '全员', '0')] },
    ],
  };
}

/** the user being edited (u1) and another; both match the keyword "a" */
const PEOPLE = [
  { id: 'u1', fullName: '张三/zhangsan' },
  { id: 'u9', fullName: '王经理/wang' },
];

function serve() {
  return serveApi({
    'GET /api/permission/Users/u1': {
      id: 'u1',
      account: 'zhangsan',
      realName: '张三',
      gender: '1',
      organizeId: 'd1,d2',
      organizeIdTree: [],
      positionId: '',
      roleId: 'r1,r2,g1',
      managerId: '',
      mobilePhone: '',
      email: '',
      sortCode: 0,
      enabledMark: 1,
      description: '',
      version: 3,
    },
    'GET /api/system/DictionaryData/All': {
      list: [flatDictionary('s', 'sex', '性别', [{ id: 'x1', enCode: '1', fullName: '男' }])],
    },
    'GET /api/permission/Organize/Department/Selector/0': {
      list: [
        { id: 'd1', fullName: '研发部', type: 'department' },
        { id: 'd2', fullName: '销售部', type: 'department' },
        { id: 'd3', fullName: '财务部', type: 'department' },
      ],
    },
    'POST /api/permission/Role/getListByOrgIds': rolesOf,
    // every role, whatever the organisations: what the form must not offer
    'GET /api/permission/Role/Selector': rolesOf({ body: { organizeIds: ['d1', 'd2', 'd3'] } } as Call),
    [`POST ${USER_SEARCH_PATH}`]: (call: Call) => userSearchReply(PEOPLE)(call.body),
    [`POST ${USER_NAMES_PATH}`]: (call: Call) => userNamesReply(PEOPLE)(call.body),
    'POST /api/permission/Position/getListByOrgIds': { list: [] },
    'PUT /api/permission/Users/u1': { code: 200, msg: '修改成功', data: null },
  });
}

/** the Form.Item of a label */
const fieldOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

describe('user form roles', () => {
  it(
    'offers the roles of the chosen organisations and drops those a change leaves out',
    { timeout: 90_000 },
    async () => {
      const { calls } = serve();
      renderScreen(<UserForm open id="u1" onClose={() => {}} onSaved={() => {}} />);
      // the form replaces the loading dialog once the user has loaded
      const dialog = (await screen.findByDisplayValue('zhangsan')).closest('.ant-modal') as HTMLElement;
      const roles = fieldOf(dialog, '角色');
      await within(roles).findByText('销售经理');
      expect(within(roles).getByText('研发经理')).toBeTruthy();
      expect(within(roles).getByText('全员')).toBeTruthy();

      // only the chosen organisations' roles and the global ones are offered
      await userEvent.click(within(roles).getByRole('combobox'));
      const offered = await screen.findByRole('tree');
      expect(within(offered).getByText('研发经理')).toBeTruthy();
      expect(within(offered).getByText('销售经理')).toBeTruthy();
      expect(within(offered).getByText('全员')).toBeTruthy();
      expect(within(offered).queryByText('财务经理')).toBeNull();
      const asked = calls.filter((c) => c.path === '/api/permission/Role/getListByOrgIds').at(-1)!;
      expect((asked.body as { organizeIds: string[] }).organizeIds.sort()).toEqual(['d1', 'd2']);

      // leaving 销售部 drops 销售经理, which the server would refuse
      const organizations = fieldOf(dialog, '所属组织');
      const salesTag = within(organizations).getByText('销售部').closest('.ant-select-selection-item') as HTMLElement;
      await userEvent.click(salesTag.querySelector('.ant-select-selection-item-remove') as HTMLElement);
      await waitFor(() => expect(within(roles).queryByText('销售经理')).toBeNull());
      expect(within(roles).getByText('研发经理')).toBeTruthy();

      // the manager: found by a keyword in the "select user" dialog (never the list of every user)
      const manager = within(fieldOf(dialog, '直属主管')).getByRole('combobox');
      await pickUserBySearch(manager, 'a', '王经理/wang');
      expect(within(dialog).getByTitle('王经理/wang')).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
      expect(body).toMatchObject({ organizeId: 'd1', roleId: 'r1,g1', managerId: 'u9', version: 3 });
      expect(calls.some((c) => c.path === ALL_USERS_PATH)).toBe(false);
    },
  );
});

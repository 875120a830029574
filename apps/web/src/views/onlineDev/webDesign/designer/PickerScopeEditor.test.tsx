// The choices (可选范围) of the pickers in the designer: custom mode asks for permitted entries (the design check
// refuses none), two are picked with the mixed picker and the saved design carries them as the runtime reads them
// (selectType "custom", ableIds of "id--kind"); reopened, the entries show by name. A department picker's entries
// are picked from the department tree and saved as its ids.
import { parseDesignJson, type FieldConfig, type FormDataJson } from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../../components/admin/testUtils';
import { feedback } from '../../../../platform/feedback';
import { Designer } from './Designer';

vi.setConfig({ testTimeout: 120_000 });
vi.mock('../../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/visualdev/Base';
const USERS = '/api/permission/Users';
const COMPANY = { id: 'c1', fullName: '总公司', type: 'company', hasChildren: true, isLeaf: false };
const NAMES: Record<string, string> = {
  'd1--department': '研发部',
  'u1--user': '张三/zhangsan',
  'r1--role': '审批员',
  'p1--position': '工程师',
};

const picker = (
  key: 'userSelect' | 'usersSelect' | 'depSelect',
  formId: number,
  vModel: string,
  label: string,
  props = {},
) =>
  ({
    __config__: { jnpfKey: key, label, formId, span: 24, defaultValue: [] },
    __vModel__: vModel,
    multiple: true,
    selectType: 'all',
    ableIds: [],
    ...props,
  }) as FieldConfig;
const info = (fields: FieldConfig[]) => ({
  id: 'd1',
  fullName: '客户档案',
  enCode: 'customer',
  type: 1,
  webType: 1,
  category: '',
  description: '',
  sortCode: 0,
  state: 1,
  enabledMark: 1,
  dbLinkId: '0',
  tables: '[]',
  formData: JSON.stringify({ labelWidth: 100, idGlobal: 110, fields }),
  columnData: '',
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  vi.mocked(feedback.error).mockClear();
  api = mockApi()
    .on('PUT', `${BASE}/d1`, ok(undefined, '修改成功'))
    .on('GET', '/api/system/DictionaryData/All', ok({ list: [] }))
    .on('POST', `${USERS}/ImUser/Selector/0`, ok({ list: [COMPANY] }))
    .on(
      'GET',
      '/api/permission/Role/Selector',
      ok({ list: [{ ...COMPANY, children: [{ id: 'r1', fullName: '审批员', type: 'role' }] }] }),
    )
    .on(
      'GET',
      '/api/permission/Position/Selector',
      ok({ list: [{ ...COMPANY, children: [{ id: 'p1', fullName: '工程师', type: 'position' }] }] }),
    )
    .on('GET', '/api/permission/Group/Selector', ok([]))
    // the mixed picker's role and position tabs list the server's matches of a keyword
    .on(
      'GET',
      '/api/permission/Role/SearchSelector',
      ok({
        list: [{ id: 'r1', fullName: '审批员', type: 'role' }],
        pagination: { currentPage: 1, pageSize: 20, total: 1 },
      }),
    )
    // the mixed picker's role and position tabs list the server's matches of a keyword
    .on(
      'GET',
      '/api/permission/Position/SearchSelector',
      ok({
        list: [{ id: 'p1', fullName: '工程师', type: 'position' }],
        pagination: { currentPage: 1, pageSize: 20, total: 1 },
      }),
    )
    .on(
      'GET',
      '/api/permission/Organize/Department/Selector/0',
      ok({
        list: [
          {
            ...COMPANY,
            children: [
              { id: 'd1', fullName: '研发部', type: 'department' },
              { id: 'd2', fullName: '销售部', type: 'department' },
            ],
          },
        ],
      }),
    )
    .on('POST', `${USERS}/getSelectedList`, (call) =>
      ok({
        list: (call.body as { ids: string[] }).ids.flatMap((entry) => {
          const [id, type] = entry.split('--');
          return NAMES[entry] ? [{ id, type, fullName: NAMES[entry] }] : [];
        }),
      }),
    );
});

const open = async (fields: FieldConfig[]) => {
  api.on('GET', `${BASE}/d1`, ok(info(fields)));
  renderAdmin(<Designer target={{ id: 'd1' }} onClose={vi.fn()} onSaved={vi.fn()} />);
  await screen.findByText('功能设计 · 客户档案', {}, { timeout: 20_000 });
};
const select = (label: string) =>
  fireEvent.click(document.querySelector<HTMLElement>(`[role="treeitem"][aria-label="${label}"]`)!);
const scope = () => screen.getByRole('radiogroup', { name: '可选范围' });
const dialog = () =>
  waitFor(() => {
    // the picker's dialog, over the designer's own
    const found = screen
      .getAllByRole('dialog')
      .find((d) => !d.closest('.ant-zoom-leave') && within(d).queryByText('选择用户'));
    if (!found) throw new Error('no picker dialog');
    return found;
  });
/** the permitted entries' setting: its tags' names, and the message under it */
const entriesItem = () => document.querySelector('#prop-able-ids')!.closest<HTMLElement>('[data-panel-item]')!;
const shown = () =>
  [...entriesItem().querySelectorAll('.ant-select-selection-item')].map((tag) => tag.getAttribute('title'));
const help = () => entriesItem().querySelector('[role="alert"]')?.textContent ?? '';
const save = () => fireEvent.click(screen.getByText(/^保\s*存$/));
const savedFields = () => {
  const body = api.callsTo('PUT', `${BASE}/d1`).at(-1)!.body as { formData: string };
  return parseDesignJson<FormDataJson>(body.formData)!.fields;
};

describe('Designer: the choices of user and mixed pickers', () => {
  it('sets custom mode, refuses it empty, and saves the two entries picked', async () => {
    await open([picker('usersSelect', 101, 'people', '参与人')]);
    select('参与人');
    expect((within(scope()).getByLabelText('全部') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('添加范围')).toBeNull();
    fireEvent.click(within(scope()).getByLabelText('自定义'));
    expect(help()).toBe('「参与人」可选范围为自定义，请至少添加一项');
    // the design check refuses custom mode without an entry, naming the field
    save();
    await waitFor(() => expect(screen.getAllByText('「参与人」可选范围为自定义，请至少添加一项')).toHaveLength(2));
    expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('添加范围'));
    const box = await dialog();
    fireEvent.click(within(box).getByRole('tab', { name: '角色' }));
    fireEvent.change(within(box).getByRole('searchbox'), { target: { value: '审批' } });
    fireEvent.click(within(box).getByRole('button', { name: '查询' }));
    fireEvent.click(await within(box).findByTitle('审批员'));
    fireEvent.click(within(box).getByRole('tab', { name: '岗位' }));
    fireEvent.click(await within(box).findByTitle('工程师'));
    fireEvent.click(within(box).getByRole('button', { name: /^\s*确\s*定\s*$/ }));
    await waitFor(() => expect(shown()).toEqual(['审批员', '工程师']));
    expect(help()).toBe('');

    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    expect(savedFields()[0]).toMatchObject({ selectType: 'custom', ableIds: ['r1--role', 'p1--position'] });
  });

  it('shows the stored entries by name when reopened; "all" empties them', async () => {
    await open([
      picker('userSelect', 101, 'owner', '负责人', {
        selectType: 'custom',
        ableIds: ['d1--department', 'u1--user'],
      }),
    ]);
    select('负责人');
    expect((within(scope()).getByLabelText('自定义') as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(shown()).toEqual(['研发部', '张三/zhangsan']));
    expect(api.callsTo('POST', `${USERS}/getSelectedList`).at(-1)!.body).toEqual({
      ids: ['d1--department', 'u1--user'],
    });

    fireEvent.click(within(scope()).getByLabelText('全部'));
    expect(screen.queryByLabelText('添加范围')).toBeNull();
    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    expect(savedFields()[0]).toMatchObject({ selectType: 'all', ableIds: [] });
  });

  it('turns on the system variable (hasSys) of a user picker; the mixed picker has no such switch', async () => {
    await open([picker('userSelect', 101, 'owner', '负责人'), picker('usersSelect', 102, 'people', '参与人')]);
    select('参与人');
    expect(screen.queryByLabelText('系统变量')).toBeNull();
    select('负责人');
    const sys = screen.getByLabelText('系统变量');
    expect(sys.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sys);
    await waitFor(() => expect(screen.getByLabelText('系统变量').getAttribute('aria-checked')).toBe('true'));
    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    expect(savedFields()[0]).toMatchObject({ __vModel__: 'owner', hasSys: true });
    expect(savedFields()[1]!.hasSys).toBeUndefined();
  });
});

describe('Designer: the choices of a department picker', () => {
  it('refuses custom mode empty, and saves the departments picked from its own tree as ids', async () => {
    await open([picker('depSelect', 101, 'deps', '部门')]);
    select('部门');
    fireEvent.click(within(scope()).getByLabelText('自定义'));
    expect(help()).toBe('「部门」可选范围为自定义，请至少添加一项');
    save();
    await waitFor(() => expect(screen.getAllByText('「部门」可选范围为自定义，请至少添加一项')).toHaveLength(2));
    expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(0);

    // the chooser is the department picker's dialog over its tree, not the mixed picker's
    fireEvent.click(screen.getByLabelText('添加范围'));
    const box = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => within(d).queryByText('选择部门'));
      if (!found) throw new Error('no dialog');
      return found;
    });
    const tree = within(box).getByLabelText('全部数据');
    fireEvent.click(await within(tree).findByTitle('研发部'));
    fireEvent.click(within(tree).getByTitle('销售部'));
    // a company is shown for its departments but is not a choice
    fireEvent.click(within(tree).getByTitle('总公司'));
    fireEvent.click(within(box).getByRole('button', { name: /^\s*确\s*定\s*$/ }));
    await waitFor(() => expect(help()).toBe(''));
    expect(api.callsTo('POST', `${USERS}/ImUser/Selector/0`)).toHaveLength(0);

    save();
    await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(1));
    expect(savedFields()[0]).toMatchObject({ selectType: 'custom', ableIds: ['d1', 'd2'] });
  });
});

// The default value of the pickers in the designer: each picker field's panel edits it with the field's own
// picker, stored in the shape the field stores (ids, a mixed picker's "id--kind" entries; a list with `multiple`).
// The user and mixed pickers offer "current user" (当前用户): the user picker's system variable ("currentUser"),
// the mixed picker's user entry of it ("currentUser--user"), shown by that name.
import {
  DIRECTORY_PICKER_KEYS,
  parseDesignJson,
  type FieldConfig,
  type FormDataJson,
  type OnlineFieldKey,
} from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../../components/admin/testUtils';
import { Designer } from './Designer';
import { hasDefaultValue } from './DefaultValueEditor';

vi.setConfig({ testTimeout: 120_000 });
vi.mock('../../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const BASE = '/api/visualdev/Base';
const USERS = '/api/permission/Users';
const COMPANY = { id: 'c1', fullName: '总公司', type: 'company', hasChildren: true, isLeaf: false };
const NAMES: Record<string, string> = { 'd1--department': '研发部', 'r1--role': '审批员' };

const picker = (key: OnlineFieldKey, formId: number, vModel: string, label: string, props: Partial<FieldConfig> = {}) =>
  ({
    __config__: { jnpfKey: key, label, formId, span: 24, defaultValue: props.multiple ? [] : '' },
    __vModel__: vModel,
    multiple: false,
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
  api = mockApi()
    .on('PUT', `${BASE}/d1`, ok(undefined, '修改成功'))
    .on('GET', '/api/system/DictionaryData/All', ok({ list: [] }))
    .on('POST', `${USERS}/ImUser/Selector/0`, ok({ list: [COMPANY] }))
    .on(
      'GET',
      '/api/permission/Role/Selector',
      ok({ list: [{ ...COMPANY, children: [{ id: 'r1', fullName: '审批员', type: 'role' }] }] }),
    )
    .on('GET', '/api/permission/Position/Selector', ok({ list: [] }))
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
          if (id === 'currentUser') return [{ id, type: 'user', fullName: '当前用户' }];
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
const dialog = (title: string) =>
  waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((d) => !d.closest('.ant-zoom-leave') && within(d).queryByText(title));
    if (!found) throw new Error('no picker dialog');
    return found;
  });
const confirm = (box: HTMLElement) => fireEvent.click(within(box).getByRole('button', { name: /^\s*确\s*定\s*$/ }));
/** the name a single picker's default shows (a list's tags are not laid out here) */
const shown = () =>
  document
    .querySelector('#prop-defaultValue')!
    .closest('.ant-select')!
    .querySelector('.ant-select-content')!
    .getAttribute('title') ?? '';
const currentUser = () => screen.getByLabelText('当前用户') as HTMLInputElement;
const save = () => fireEvent.click(screen.getByText(/^保\s*存$/));
const savedFields = async (times = 1) => {
  await waitFor(() => expect(api.callsTo('PUT', `${BASE}/d1`)).toHaveLength(times));
  const body = api.callsTo('PUT', `${BASE}/d1`).at(-1)!.body as { formData: string };
  return parseDesignJson<FormDataJson>(body.formData)!.fields;
};

describe('DefaultValueEditor: pickers', () => {
  it('every directory picker and the mixed picker has a default control', () => {
    for (const key of [...DIRECTORY_PICKER_KEYS, 'usersSelect'] as const)
      expect(hasDefaultValue(picker(key, 101, 'f', 'F')), key).toBe(true);
  });

  it('a user picker defaults to the current user as its system variable, one or among several', async () => {
    await open([
      picker('userSelect', 101, 'owner', '负责人'),
      picker('userSelect', 102, 'team', '经办人', { multiple: true }),
    ]);
    select('负责人');
    expect(currentUser().checked).toBe(false);
    fireEvent.click(currentUser());
    await waitFor(() => expect(shown()).toBe('当前用户'));
    expect(currentUser().checked).toBe(true);
    select('经办人');
    expect(currentUser().checked).toBe(false);
    fireEvent.click(currentUser());
    await waitFor(() => expect(currentUser().checked).toBe(true));
    save();
    const fields = await savedFields();
    expect(fields[0]!.__config__.defaultValue).toBe('currentUser');
    expect(fields[1]!.__config__.defaultValue).toEqual(['currentUser']);

    // unchecked, the single default is empty again
    select('负责人');
    fireEvent.click(currentUser());
    await waitFor(() => expect(shown()).toBe(''));
    save();
    expect((await savedFields(2))[0]!.__config__.defaultValue).toBe('');
  });

  it('a mixed picker defaults to the current user as a user entry beside the entries picked', async () => {
    await open([
      picker('usersSelect', 101, 'people', '参与人', { multiple: true }),
      picker('usersSelect', 102, 'lead', '牵头人'),
    ]);
    select('牵头人');
    fireEvent.click(currentUser());
    await waitFor(() => expect(shown()).toBe('当前用户'));
    select('参与人');
    fireEvent.click(screen.getByLabelText('默认值'));
    const box = await dialog('选择用户');
    fireEvent.click(within(box).getByRole('tab', { name: '角色' }));
    fireEvent.change(within(box).getByRole('searchbox'), { target: { value: '审批' } });
    fireEvent.click(within(box).getByRole('button', { name: '查询' }));
    fireEvent.click(await within(box).findByTitle('审批员'));
    confirm(box);
    fireEvent.click(currentUser());
    await waitFor(() => expect(currentUser().checked).toBe(true));
    save();
    const fields = await savedFields();
    expect(fields[0]!.__config__.defaultValue).toEqual(['currentUser--user', 'r1--role']);
    expect(fields[1]!.__config__.defaultValue).toBe('currentUser--user');
  });

  it('a department picker defaults to the departments picked from its tree, with no "current user"', async () => {
    await open([
      picker('depSelect', 101, 'deps', '部门', { multiple: true }),
      picker('depSelect', 102, 'dep', '主部门'),
    ]);
    select('部门');
    expect(screen.queryByLabelText('当前用户')).toBeNull();
    fireEvent.click(screen.getByLabelText('默认值'));
    let box = await dialog('选择部门');
    let tree = within(box).getByLabelText('全部数据');
    fireEvent.click(await within(tree).findByTitle('研发部'));
    fireEvent.click(within(tree).getByTitle('销售部'));
    confirm(box);
    await waitFor(() => expect(screen.queryByText('选择部门')).toBeNull());
    select('主部门');
    fireEvent.click(screen.getByLabelText('默认值'));
    box = await dialog('选择部门');
    tree = within(box).getByLabelText('全部数据');
    fireEvent.click(await within(tree).findByTitle('销售部'));
    confirm(box);
    save();
    const fields = await savedFields();
    expect(fields[0]!.__config__.defaultValue).toEqual(['d1', 'd2']);
    expect(fields[1]!.__config__.defaultValue).toBe('d2');
  });
});

describe('DefaultValueEditor: paths', () => {
  const cascader = (formId: number, vModel: string, label: string, multiple = false) =>
    ({
      __config__: { jnpfKey: 'cascader', label, formId, span: 24, defaultValue: [], dataType: 'static' },
      __vModel__: vModel,
      multiple,
      options: [
        { fullName: '华东', id: 'e', children: [{ fullName: '上海', id: 'sh' }] },
        { fullName: '华北', id: 'n' },
      ],
      props: { label: 'fullName', value: 'id', children: 'children' },
    }) as unknown as FieldConfig;

  it('a cascader and an area field have a default control', () => {
    expect(hasDefaultValue(cascader(101, 'c', 'C'))).toBe(true);
    expect(hasDefaultValue(picker('areaSelect', 101, 'a', 'A'))).toBe(true);
  });

  it('a cascader defaults to the path picked with its own options', async () => {
    await open([cascader(101, 'region', '区域')]);
    select('区域');
    const box = document.querySelector<HTMLElement>('#prop-defaultValue')!;
    fireEvent.mouseDown(box.closest('.ant-select')!.querySelector('.ant-select-selector') ?? box);
    fireEvent.click(await screen.findByText('华东'));
    fireEvent.click(await screen.findByText('上海'));
    save();
    const fields = await savedFields();
    expect(fields[0]!.__config__.defaultValue).toEqual(['e', 'sh']);
  });
});

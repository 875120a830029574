import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, serveApi, type Call } from '../../../test/screen';
import type { ItemRow, MenuRow } from './api';
import { field, wireCondition } from './fixtures';
import { SchemeForm } from './SchemeForm';
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

const menu = { id: 'm1', fullName: '订单' } as MenuRow;
const FIELDS = [
  field('f1', '创建人', 'creatorUserId', '==,<>', '@userId'),
  field('f2', '金额', 'amount', '>,between,null', 'inputNumber'),
  field('f3', '部门', 'deptId', '==,in', 'depSelect'),
  field('f4', '名称', 'title', 'like', 'input'),
];
const DEPARTMENTS = {
  list: [
    {
      id: 'c1',
      fullName: '总公司',
      type: 'company',
      children: [
        { id: 'd1', fullName: '研发部', type: 'department' },
        { id: 'd2', fullName: '销售部', type: 'department' },
      ],
    },
  ],
};
const api = (extra: Record<string, unknown> = {}) =>
  serveApi({
    'GET /api/system/ModuleDataAuthorize/m1/List': { list: FIELDS },
    'GET /api/permission/Organize/Department/Selector/0': DEPARTMENTS,
    // the picker fields name their held ids by the selected-list call
    'POST /api/permission/Users/getSelectedList': (call: Call) => ({
      list: ((call.body as { ids?: string[] }).ids ?? []).flatMap((entry) => {
        const department = DEPARTMENTS.list[0]!.children.find((d) => `${d.id}--department` === entry);
        return department ? [department] : [];
      }),
    }),
    'POST /api/system/ModuleDataAuthorizeScheme': { code: 200, msg: '新建成功', data: 's9' },
    ...extra,
  });

function open(row?: ItemRow) {
  const onSaved = vi.fn();
  renderScreen(<SchemeForm menu={menu} open row={row} onClose={vi.fn()} onSaved={onSaved} />);
  return onSaved;
}

const dialog = async () => (await screen.findAllByRole('dialog')).at(-1)!;
const rows = () => screen.getAllByTestId('condition-row');

/** the options of an antd select, opened (its popup is the one its combobox controls); throws until there are some */
function currentOptions(combo: HTMLElement) {
  // (opened again while still disabled or closed: a watched value may enable it a moment later)
  if (combo.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(combo);
  const popup = document.getElementById(combo.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown');
  const items = popup?.querySelectorAll<HTMLElement>('.ant-select-item-option');
  if (!items?.length) throw new Error(`no options in ${combo.getAttribute('aria-label')}`);
  return Array.from(items);
}

/** opens an antd select and clicks the option with this text */
async function choose(combo: HTMLElement, text: string) {
  const option = await waitFor(() => {
    const found = currentOptions(combo).find((o) => o.textContent === text);
    if (!found) throw new Error(`no option ${text} in ${combo.getAttribute('aria-label')}`);
    return found;
  });
  fireEvent.click(option);
}

/** the option texts of an antd select */
async function optionsOf(combo: HTMLElement) {
  const texts = await waitFor(() => currentOptions(combo).map((o) => o.textContent));
  fireEvent.keyDown(combo, { key: 'Escape' });
  return texts;
}

const fieldSelect = (row: HTMLElement) => within(row).getByRole('combobox', { name: '选择字段' });
/** the condition's value control (a picker field's select) */
const valueBox = (row: HTMLElement) => within(row).getAllByRole('combobox').at(-1)!;
/** the picker dialog open now (not one closing) */
const pickerDialog = () =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('选择部门'));
    if (!found || found.closest('.ant-zoom-leave')) throw new Error('no picker dialog');
    return found;
  });
const pickerClosed = () =>
  waitFor(() =>
    expect(
      screen
        .queryAllByRole('dialog')
        .filter((d) => d.textContent?.includes('选择部门') && !d.closest('.ant-zoom-leave')),
    ).toHaveLength(0),
  );
const confirmIn = (box: HTMLElement) => fireEvent.click(within(box).getByRole('button', { name: /^\s*确\s*定\s*$/ }));
const opSelect = (row: HTMLElement) => within(row).getByRole('combobox', { name: '条件符号' });
const fill = async (label: string, value: string) =>
  fireEvent.change(within(await dialog()).getByLabelText(label), { target: { value } });
const save = async () => userEvent.click(within(await dialog()).getByRole('button', { name: /确\s*定/ }));
const posted = (calls: Call[]) =>
  calls.find((c) => (c.method === 'POST' || c.method === 'PUT') && c.path.includes('ModuleDataAuthorizeScheme'))
    ?.body as Record<string, unknown>;

describe('scheme condition editor', () => {
  it(
    'offers the chosen field its operators and the value widget its value source needs',
    { timeout: 90_000 },
    async () => {
      api();
      open();
      await screen.findByText('条件组 1');
      const [row] = rows();

      await choose(fieldSelect(row!), '金额');
      expect(await optionsOf(opSelect(row!))).toEqual(['大于', '介于', '为空']);
      // the first operator is taken: one number
      await waitFor(() => expect(row!.querySelectorAll('.ant-input-number')).toHaveLength(1));
      await choose(opSelect(row!), '介于');
      await waitFor(() => expect(row!.querySelectorAll('.ant-input-number')).toHaveLength(2));
      await choose(opSelect(row!), '为空');
      await waitFor(() => expect(row!.querySelectorAll('.ant-input-number')).toHaveLength(0));

      // a system variable is fixed and shown by its name
      await choose(fieldSelect(row!), '创建人');
      await within(row!).findByTitle('等于');
      expect(await optionsOf(opSelect(row!))).toEqual(['等于', '不等于']);
      expect((within(row!).getByRole('textbox', { name: '条件值' }) as HTMLInputElement).value).toBe('当前用户');

      // a department picker (the form's picker field, no drop-down), several for "any of"
      await choose(fieldSelect(row!), '部门');
      await choose(opSelect(row!), '包含任意一个');
      await waitFor(() => expect(valueBox(row!).closest('.ant-select-multiple')).toBeTruthy());
      expect(row!.querySelector('.ant-tree-select')).toBeNull();
      await choose(opSelect(row!), '等于');
      await waitFor(() => expect(valueBox(row!).closest('.ant-select-multiple')).toBeNull());

      // text
      await choose(fieldSelect(row!), '名称');
      await waitFor(() => expect(within(row!).getByPlaceholderText('条件值')).toBeTruthy());
    },
  );

  it('names every gap in the user language and sends nothing until they are filled', { timeout: 90_000 }, async () => {
    const { calls } = api();
    open();
    await screen.findByText('条件组 1');
    await fill('方案名称', '本部门');
    await fill('编码', 'myDept');
    await save();
    expect(await screen.findByText('请选择字段')).toBeTruthy();

    const [row] = rows();
    await choose(fieldSelect(row!), '名称');
    await save();
    expect(await screen.findByText('请填写条件值')).toBeTruthy();

    // an empty group is named too
    await userEvent.click(within(row!).getByRole('button', { name: '删除条件' }));
    await save();
    expect(await screen.findByText('请为此条件组添加条件')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the conditions as an array with a readable summary', { timeout: 90_000 }, async () => {
    const { calls } = api();
    const onSaved = open();
    await screen.findByText('条件组 1');
    await fill('方案名称', '我的');
    await fill('编码', 'mine');
    let [row] = rows();
    await choose(fieldSelect(row!), '创建人');

    // a second group of two conditions, joined by "or" inside, the groups by "or" too
    await userEvent.click(within(await dialog()).getByRole('button', { name: /添加条件组/ }));
    const groups = screen.getAllByTestId('condition-group');
    await userEvent.click(within(groups[1]!).getByRole('button', { name: /添加条件/ }));
    [, row] = rows();
    await choose(fieldSelect(row!), '金额');
    await choose(opSelect(row!), '介于');
    const [from, to] = await waitFor(() => {
      const inputs = within(row!).getAllByRole('spinbutton');
      expect(inputs).toHaveLength(2);
      return inputs;
    });
    fireEvent.change(from!, { target: { value: '10' } });
    fireEvent.change(to!, { target: { value: '99' } });
    const third = rows()[2]!;
    await choose(fieldSelect(third), '名称');
    fireEvent.change(await within(third).findByPlaceholderText('条件值'), { target: { value: '急' } });
    await userEvent.click(within(groups[1]!).getAllByText('或者')[0]!);
    await userEvent.click(within(await dialog()).getAllByText('或者')[0]!);
    await save();

    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 15_000 });
    const body = posted(calls);
    expect(body).toMatchObject({ moduleId: 'm1', fullName: '我的', enCode: 'mine', allData: 0, matchLogic: 'or' });
    expect(body.conditionJson).toEqual([
      {
        logic: 'and',
        groups: [expect.objectContaining({ id: 'f1', field: 'creatorUserId', op: '==', value: '@userId' })],
      },
      {
        logic: 'or',
        groups: [
          expect.objectContaining({ id: 'f2', field: 'amount', op: 'between', value: [10, 99] }),
          expect.objectContaining({ id: 'f4', field: 'title', op: 'like', value: '急' }),
        ],
      },
    ]);
    expect(body.conditionText).toBe(
      '【{创建人} {等于} {@userId}】 or 【{金额} {介于} {10 ~ 99} or {名称} {包含} {急}】',
    );
  });

  it(
    'picks department values in the form picker dialog, from the keyboard too, in the stored shapes',
    {
      timeout: 90_000,
    },
    async () => {
      const { calls } = api();
      const onSaved = open();
      await screen.findByText('条件组 1');
      await fill('方案名称', '部门');
      await fill('编码', 'depts');
      let [row] = rows();
      await choose(fieldSelect(row!), '部门');
      await choose(opSelect(row!), '包含任意一个');
      await waitFor(() => expect(valueBox(row!).closest('.ant-select-multiple')).toBeTruthy());
      // Enter on the value opens the department picker's dialog, whose tree picks only departments
      fireEvent.keyDown(valueBox(row!), { key: 'Enter', code: 'Enter', keyCode: 13 });
      let box = await pickerDialog();
      fireEvent.click(await within(box).findByTitle('研发部'));
      fireEvent.click(within(box).getByTitle('总公司'));
      fireEvent.click(within(box).getByTitle('销售部'));
      confirmIn(box);
      await pickerClosed();

      // a second condition: one department, picked by click
      await userEvent.click(within(screen.getByTestId('condition-group')).getByRole('button', { name: /添加条件/ }));
      [, row] = rows();
      await choose(fieldSelect(row!), '部门');
      await within(row!).findByTitle('等于');
      fireEvent.mouseDown(valueBox(row!));
      fireEvent.click(valueBox(row!));
      box = await pickerDialog();
      fireEvent.click(await within(box).findByTitle('销售部'));
      confirmIn(box);
      await pickerClosed();
      await save();

      await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 15_000 });
      const body = posted(calls);
      expect(body.conditionJson).toEqual([
        {
          logic: 'and',
          groups: [
            expect.objectContaining({ id: 'f3', field: 'deptId', op: 'in', value: ['d1', 'd2'] }),
            expect.objectContaining({ id: 'f3', field: 'deptId', op: '==', value: 'd2' }),
          ],
        },
      ]);
      expect(body.conditionText).toBe('【{部门} {包含任意一个} {研发部,销售部} and {部门} {等于} {销售部}】');
    },
  );

  it('loads a stored scheme into the editor and saves it back unchanged', { timeout: 90_000 }, async () => {
    const stored = [
      {
        logic: 'or',
        groups: [
          wireCondition('f3', 'deptId', 'in', 'depSelect', ['d1', 'd2']),
          wireCondition('f2', 'amount', 'null', 'inputNumber'),
        ],
      },
    ];
    const { calls } = api({
      'GET /api/system/ModuleDataAuthorizeScheme/s1': {
        id: 's1',
        moduleId: 'm1',
        fullName: '两个部门',
        enCode: 'twoDepts',
        conditionJson: JSON.stringify(stored),
        conditionText: 'old',
        allData: 0,
        matchLogic: 'and',
        enabledMark: 1,
        sortCode: 3,
        description: '',
        version: 4,
      },
      'PUT /api/system/ModuleDataAuthorizeScheme/s1': { code: 200, msg: '更新成功', data: null },
    });
    const onSaved = open({ id: 's1', fullName: '两个部门', enCode: 'twoDepts' } as ItemRow);
    await screen.findByText('条件组 1');
    const [first, second] = rows();
    expect(within(first!).getByTitle('包含任意一个')).toBeTruthy();
    expect(within(first!).getByText('部门')).toBeTruthy();
    expect(within(second!).getByText('金额')).toBeTruthy();
    expect(within(second!).getByTitle('为空')).toBeTruthy();
    // the group's logic and no value widget for "is empty"
    expect(within(screen.getByTestId('condition-group')).getByRole('radio', { name: '或者' })).toHaveProperty(
      'checked',
      true,
    );
    expect(second!.querySelector('.ant-input, .ant-input-number')).toBeNull();
    expect(within(second!).getAllByRole('combobox')).toHaveLength(2);
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 15_000 });
    const body = posted(calls);
    expect(body).toMatchObject({ fullName: '两个部门', enCode: 'twoDepts', version: 4, sortCode: 3 });
    expect(body.conditionJson).toEqual(stored);
    expect(body.conditionText).toBe('【{部门} {包含任意一个} {研发部,销售部} or {金额} {为空}】');
  });

  it(
    'picks users by a keyword and names them in the summary, never reading every user',
    { timeout: 90_000 },
    async () => {
      const PEOPLE = [
        { id: 'u1', fullName: '张三/zhangsan' },
        { id: 'u2', fullName: '李四/lisi' },
      ];
      const owner = field('f5', '负责人', 'ownerId', '==,in', 'userSelect');
      const stored = [{ logic: 'and', groups: [wireCondition('f5', 'ownerId', 'in', 'userSelect', ['u1'])] }];
      const { calls } = api({
        'GET /api/system/ModuleDataAuthorize/m1/List': { list: [...FIELDS, owner] },
        [`POST ${USER_SEARCH_PATH}`]: (call: Call) => userSearchReply(PEOPLE)(call.body),
        [`POST ${USER_NAMES_PATH}`]: (call: Call) => userNamesReply(PEOPLE)(call.body),
        'GET /api/system/ModuleDataAuthorizeScheme/s2': {
          id: 's2',
          moduleId: 'm1',
          fullName: '负责人',
          enCode: 'owners',
          conditionJson: JSON.stringify(stored),
          conditionText: 'old',
          allData: 0,
          matchLogic: 'and',
          enabledMark: 1,
          sortCode: 0,
          description: '',
          version: 1,
        },
        'PUT /api/system/ModuleDataAuthorizeScheme/s2': { code: 200, msg: '更新成功', data: null },
      });
      const onSaved = open({ id: 's2', fullName: '负责人', enCode: 'owners' } as ItemRow);
      await screen.findByText('条件组 1');
      const [row] = rows();
      const users = within(row!).getAllByRole('combobox').at(-1)!;
      await pickUserBySearch(users, '李', '李四/lisi');
      await save();
      await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 15_000 });
      const body = posted(calls);
      expect(body.conditionJson).toEqual([
        { logic: 'and', groups: [expect.objectContaining({ id: 'f5', op: 'in', value: ['u1', 'u2'] })] },
      ]);
      expect(body.conditionText).toBe('【{负责人} {包含任意一个} {张三/zhangsan,李四/lisi}】');
      expect(calls.some((c) => c.path === ALL_USERS_PATH)).toBe(false);
    },
  );

  it('shows the server refusal of the conditions under the editor', { timeout: 90_000 }, async () => {
    api({
      'POST /api/system/ModuleDataAuthorizeScheme': {
        code: 401,
        msg: '方案内条件配置不完整，请检查条件内容',
        data: { errors: { conditionJson: '方案内条件配置不完整，请检查条件内容' } },
      },
    });
    open();
    await screen.findByText('条件组 1');
    await fill('方案名称', '甲');
    await fill('编码', 'a1');
    await choose(fieldSelect(rows()[0]!), '创建人');
    await save();
    expect(await within(await dialog()).findByText('方案内条件配置不完整，请检查条件内容')).toBeTruthy();
  });

  it('takes no conditions for the built-in all-data code and explains why', { timeout: 90_000 }, async () => {
    const { calls } = api();
    const onSaved = open();
    await screen.findByText('条件组 1');
    await fill('方案名称', '全部数据');
    await fill('编码', 'jnpf_alldata');
    expect(await screen.findByText(/jnpf_alldata 是内置的全部数据方案/)).toBeTruthy();
    expect(screen.queryByTestId('condition-row')).toBeNull();
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 15_000 });
    expect(posted(calls)).toMatchObject({ enCode: 'jnpf_alldata', allData: 1, conditionJson: [], conditionText: '' });
  });
});

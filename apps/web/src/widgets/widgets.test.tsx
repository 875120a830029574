import { INPUT_KEYS, ONLINE_FIELD_KEYS, SYSTEM_KEYS, type FieldOption } from '@jnpf/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../components/admin/testUtils';
import { widgetOf, widgetRegistry } from './registry';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});

const submitted = async (onSubmit: ReturnType<typeof vi.fn>) => {
  fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  return onSubmit.mock.calls.at(-1)![0] as Record<string, unknown>;
};

describe('widget registry', () => {
  it('has a widget for every key this version designs, of the right kind', () => {
    for (const key of INPUT_KEYS) expect(widgetRegistry[key].kind).toBe('input');
    for (const key of SYSTEM_KEYS) expect(widgetRegistry[key].kind).toBe('system');
    for (const key of ['groupTitle', 'divider', 'text', 'alert'] as const)
      expect(widgetRegistry[key].kind).toBe('layout');
    for (const key of ['row', 'card'] as const) expect(widgetRegistry[key].kind).toBe('container');
    expect(widgetRegistry.table.kind).toBe('subTable');
    expect(Object.keys(widgetRegistry).sort()).toEqual(ONLINE_FIELD_KEYS.toSorted());
    expect(widgetOf('flowChooser')).toBeNull();
    expect(widgetOf('toString')).toBeNull();
  });
});

describe('input widgets give the contract value forms', () => {
  it('input, textarea: strings; inputNumber: a number', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('input', 'name', '名称'),
          fieldOf('textarea', 'remark', '备注'),
          fieldOf('inputNumber', 'amount', '数量', { precision: 2 }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByLabelText('名称'), '苹果');
    await user.type(screen.getByLabelText('备注'), '第一行{Enter}第二行');
    await user.type(screen.getByLabelText('数量'), '12.5');
    expect(await submitted(onSubmit)).toEqual({ name: '苹果', remark: '第一行\n第二行', amount: 12.5 });
  });

  it('switch: its inactive value by default, the active one when on (1/0 or the configured values)', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('switch', 'plain', '普通开关'),
          fieldOf('switch', 'custom', '自定开关', { activeValue: 'yes', inactiveValue: 'no', activeTxt: '是' }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    expect(await submitted(onSubmit)).toEqual({ plain: 0, custom: 'no' });
    fireEvent.click(screen.getByLabelText('普通开关'));
    fireEvent.click(screen.getByLabelText('自定开关'));
    expect(screen.getByText('是')).toBeTruthy();
    expect(await submitted(onSubmit)).toEqual({ plain: 1, custom: 'yes' });
  });

  it('radio: a string; checkbox: a string array (static options through props)', async () => {
    const onSubmit = vi.fn();
    const options = [
      { fullName: '红', id: '1' },
      { fullName: '绿', id: '2' },
      { fullName: '蓝', id: '3' },
    ];
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('radio', 'color', '颜色', { options, props: { label: 'fullName', value: 'id' } }),
          fieldOf('checkbox', 'tags', '标签', {
            options: [
              { fullName: 'A', id: 'a' },
              { fullName: 'B', id: 'b' },
              { fullName: 'C', id: 'c' },
            ],
          }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(screen.getByLabelText('绿'));
    fireEvent.click(screen.getByLabelText('C'));
    fireEvent.click(screen.getByLabelText('A'));
    // in option order, whatever the clicking order
    expect(await submitted(onSubmit)).toEqual({ color: '2', tags: ['a', 'c'] });
  });

  it('select: a string, or a string array when multiple; an emptied single select gives ""', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    // options keyed as the field's props say, not by the default fullName / id
    const options = [
      { label: '甲', value: 'x' },
      { label: '乙', value: 'y' },
    ] as unknown as FieldOption[];
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('select', 'one', '单选', { options, props: { label: 'label', value: 'value' }, clearable: true }),
          fieldOf('select', 'many', '多选', { options, props: { label: 'label', value: 'value' }, multiple: true }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByLabelText('单选'));
    await user.click(await screen.findByTitle('乙'));
    await user.click(screen.getByLabelText('多选'));
    const list = document.querySelectorAll('.ant-select-dropdown');
    await user.click(within(list[list.length - 1] as HTMLElement).getByTitle('甲'));
    await user.click(within(list[list.length - 1] as HTMLElement).getByTitle('乙'));
    expect(await submitted(onSubmit)).toEqual({ one: 'y', many: ['x', 'y'] });

    const single = screen.getByLabelText('单选').closest('.ant-select') as HTMLElement;
    fireEvent.mouseEnter(single);
    fireEvent.mouseDown(single.querySelector('.ant-select-clear')!);
    fireEvent.click(single.querySelector('.ant-select-clear')!);
    expect(await submitted(onSubmit)).toMatchObject({ one: '' });
  });

  it('datePicker: epoch ms cut to its format; timePicker: "HH:mm:ss"', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('datePicker', 'day', '日期', { type: 'date', format: 'yyyy-MM-dd' }),
          fieldOf('datePicker', 'moment', '时刻', { type: 'datetime', format: 'yyyy-MM-dd HH:mm' }),
          fieldOf('timePicker', 'clock', '时间', { format: 'HH:mm:ss' }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    const typeInto = async (label: string, text: string) => {
      const input = screen.getByLabelText(label);
      await user.click(input);
      fireEvent.change(input, { target: { value: text } });
      fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    };
    await typeInto('日期', '2024-05-01');
    await typeInto('时刻', '2024-05-01 08:30');
    await typeInto('时间', '08:30:15');
    expect(await submitted(onSubmit)).toEqual({
      day: dayjs('2024-05-01 00:00:00').valueOf(),
      moment: dayjs('2024-05-01 08:30:00').valueOf(),
      clock: '08:30:15',
    });
  });

  it('dates and times of a record show in the field format', async () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('datePicker', 'day', '日期', { type: 'date', format: 'yyyy-MM-dd' }),
          fieldOf('timePicker', 'clock', '时间', { format: 'HH:mm' }),
        ])}
        record={{ day: dayjs('2023-12-31').valueOf(), clock: '17:45:00' }}
        onSubmit={vi.fn()}
      />,
    );
    expect((screen.getByLabelText('日期') as HTMLInputElement).value).toBe('2023-12-31');
    expect((screen.getByLabelText('时间') as HTMLInputElement).value).toBe('17:45');
  });

  it('colorPicker: a hex string', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('colorPicker', 'tint', '颜色')])}
        record={{ tint: '#1677ff' }}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText('#1677FF')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-color-picker-trigger')!);
    const hex = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('.ant-color-picker-hex-input input');
      expect(input).toBeTruthy();
      return input!;
    });
    fireEvent.change(hex, { target: { value: 'ff0000' } });
    expect(await submitted(onSubmit)).toEqual({ tint: '#ff0000' });
  });

  it('rate and slider: numbers', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('rate', 'stars', '评分', { max: 5 }),
          fieldOf('slider', 'level', '等级', { min: 10, max: 50, step: 5 }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    const stars = document.querySelectorAll('.ant-rate-star > div');
    fireEvent.click(stars[2]!);
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'ArrowRight', keyCode: 39 });
    expect(await submitted(onSubmit)).toEqual({ stars: 3, level: 15 });
  });
});

describe('read-only widgets', () => {
  const fields = () => [
    fieldOf('billRule', 'billNo', '单据号', { rule: 'order' }),
    fieldOf('createUser', 'creator', '创建人'),
    fieldOf('createTime', 'created', '创建时间'),
  ];

  it('a new record shows 系统自动生成 for the bill number and system fields and sends no system value', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf(fields())} onSubmit={onSubmit} />);
    for (const label of ['单据号', '创建人', '创建时间']) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.placeholder).toBe('系统自动生成');
      expect(input.value).toBe('');
      expect(input.readOnly).toBe(true);
    }
    expect(await submitted(onSubmit)).toEqual({});
  });

  it('a saved record shows its bill number and the display texts of the system fields', async () => {
    const created = dayjs('2024-03-02 10:20:30').valueOf();
    renderAdmin(
      <RendererHarness
        formData={formOf(fields())}
        record={{ billNo: 'DD20240302001', creator: 'u1', created }}
        display={{ creator: '管理员/admin' }}
        onSubmit={vi.fn()}
      />,
    );
    expect((screen.getByLabelText('单据号') as HTMLInputElement).value).toBe('DD20240302001');
    expect((screen.getByLabelText('创建人') as HTMLInputElement).value).toBe('管理员/admin');
    // no display text: the raw time, formatted
    expect((screen.getByLabelText('创建时间') as HTMLInputElement).value).toBe('2024-03-02 10:20:30');
  });
});

describe('layout widgets', () => {
  it('render their content, and rows and cards their items', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('groupTitle', '', '分组', { content: '基本信息' }),
          fieldOf('divider', '', '分割线', { content: '分割' }),
          fieldOf('text', '', '文本', { content: '说明文字', textStyle: { 'font-size': 14, color: '#f00' } }),
          fieldOf('alert', '', '提示', { title: '请注意', type: 'warning', showIcon: true }),
          fieldOf('row', '', '栅格', {
            config: {
              children: [
                fieldOf('input', 'left', '左', { config: { span: 12 } }),
                fieldOf('input', 'right', '右', { config: { span: 12 } }),
              ],
            },
          }),
          fieldOf('card', '', '卡片', {
            header: '卡片标题',
            config: { children: [fieldOf('input', 'inner', '内部')] },
          }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText('基本信息')).toBeTruthy();
    expect(screen.getByText('分割')).toBeTruthy();
    const text = screen.getByText('说明文字');
    expect(text.style.fontSize).toBe('14px');
    expect(screen.getByText('请注意')).toBeTruthy();
    expect(screen.getByText('卡片标题')).toBeTruthy();
    const cell = screen.getByLabelText('左').closest<HTMLElement>('[style*="--span"]')!;
    expect(cell.style.getPropertyValue('--span')).toBe('12');
    fireEvent.change(screen.getByLabelText('内部'), { target: { value: '卡片里' } });
    expect(await submitted(onSubmit)).toEqual({ inner: '卡片里' });
  });
});

describe('options from a dictionary', () => {
  it('load the dictionary type items as choices', async () => {
    api.on(
      'GET',
      '/api/system/DictionaryData/All',
      ok({
        list: [
          {
            id: 'type1',
            fullName: '性别',
            enCode: 'sex',
            isTree: 0,
            dictionaryList: [
              { id: 'm', fullName: '男', enCode: 'male' },
              { id: 'f', fullName: '女', enCode: 'female' },
            ],
          },
        ],
      }),
    );
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('select', 'sex', '性别', { config: { dataType: 'dictionary', dictionaryType: 'type1' } }),
          fieldOf('radio', 'sexCode', '性别编码', {
            props: { label: 'fullName', value: 'enCode' },
            config: { dataType: 'dictionary', dictionaryType: 'type1' },
          }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(await screen.findByLabelText('女'));
    await user.click(screen.getByLabelText('性别'));
    await user.click(await screen.findByTitle('男'));
    expect(await submitted(onSubmit)).toEqual({ sex: 'm', sexCode: 'female' });
  });

  it('static options never load the dictionaries', async () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('radio', 'r', '单选', { options: [{ fullName: '一', id: '1' }] })])}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('一')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

// The property panels of the popup widgets, drawn by the designer's FieldProperties from their registry entries.
import type { FieldConfig, OnlineFieldKey } from '@jnpf/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../../../components/admin/testUtils';
import { FieldProperties } from './FieldProperties';
import { defaultColumnData } from './listModel';
import { defaultFormData } from './designState';
import { createField } from './model';
import { BUTTON_TEXTS, zhFieldTexts } from './testing';
import { validateDesign } from './validate';

vi.setConfig({ testTimeout: 60_000 });

const DI = '/api/system/DataInterface';
const make = (key: OnlineFieldKey, id: number, label: string, vModel: string): FieldConfig => ({
  ...createField(key, id, zhFieldTexts(label, { auto: '', on: '', off: '' })),
  __vModel__: vModel,
});

let latest: FieldConfig;
function Harness({ initial, others = [] }: { initial: FieldConfig; others?: FieldConfig[] }) {
  const [field, setField] = useState(initial);
  return (
    <FieldProperties
      field={field}
      fields={[...others, field]}
      onChange={(next) => {
        latest = next;
        setField(next);
      }}
    />
  );
}

beforeEach(() => {
  mockApi()
    .on(
      'GET',
      `${DI}/Selector`,
      ok([
        {
          id: 'c1',
          fullName: '基础数据',
          category: '0',
          children: [{ id: 'di1', fullName: '商品列表', category: '1', children: [] }],
        },
      ]),
    )
    .on('GET', `${DI}/GetParam/di1`, ok([{ field: 'kw', fieldName: '关键词', dataType: 'varchar', required: 0 }]))
    .on('POST', `${DI}/di1/Actions/GetFields`, ok(['id', 'full_name', 'kind']));
});

describe('popup widget panels', () => {
  it('a popup select starts with the spec defaults and edits its interface, columns, paging and dialog', async () => {
    const user = userEvent.setup({ delay: null });
    const initial = make('popupSelect', 101, '商品', 'goods');
    expect(initial).toMatchObject({
      propsValue: 'id',
      relationField: 'fullName',
      hasPage: false,
      pageSize: 20,
      popupType: 'dialog',
      popupWidth: '800px',
      multiple: false,
      columnOptions: [],
    });
    renderAdmin(<Harness initial={initial} />);
    // nothing but the interface until one is chosen
    expect(screen.queryByLabelText('存储字段')).toBeNull();
    await user.click(screen.getByLabelText('数据接口'));
    await user.click(await screen.findByTitle('商品列表'));
    await waitFor(() => expect(latest.interfaceId).toBe('di1'));
    expect(latest.interfaceName).toBe('商品列表');
    expect((latest.templateJson as { field: string }[]).map((b) => b.field)).toEqual(['kw']);

    await user.clear(screen.getByLabelText('显示字段'));
    await user.type(screen.getByLabelText('显示字段'), 'full_name');
    expect(latest.relationField).toBe('full_name');
    expect((screen.getByLabelText('存储字段') as HTMLInputElement).value).toBe('id');

    await user.click(screen.getByRole('button', { name: /添加字段/ }));
    await user.type(screen.getByLabelText('字段 1'), 'kind');
    await user.type(screen.getByLabelText('列名 1'), '类别');
    await user.type(screen.getByLabelText('宽度 1'), '120');
    expect(latest.columnOptions).toEqual([{ value: 'kind', label: '类别', width: 120 }]);

    expect(screen.queryByLabelText('分页条数')).toBeNull();
    await user.click(screen.getByRole('switch', { name: '列表分页' }));
    expect(latest.hasPage).toBe(true);
    expect(screen.getByLabelText('分页条数')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: '抽屉' }));
    expect(latest.popupType).toBe('drawer');
    await user.type(screen.getByLabelText('弹窗标题'), '选商品');
    expect(latest.popupTitle).toBe('选商品');
    await user.click(screen.getByRole('switch', { name: '是否多选' }));
    expect(latest.multiple).toBe(true);
    expect(latest.__config__.defaultValue).toEqual([]);
  });

  it('an autoComplete parameter may take the typed text; it stores no id field', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin(<Harness initial={make('autoComplete', 102, '备注', 'note')} />);
    await user.click(screen.getByLabelText('数据接口'));
    await user.click(await screen.findByTitle('商品列表'));
    await waitFor(() => expect(latest.interfaceId).toBe('di1'));
    expect(screen.queryByLabelText('存储字段')).toBeNull();
    expect(latest.total).toBe(50);
    const params = screen.getByRole('list', { name: '参数设置' });
    await user.click(within(params).getByLabelText('参数来源 关键词'));
    await user.click(await screen.findByTitle('系统变量'));
    await user.click(within(params).getByLabelText('参数值 关键词'));
    await user.click(await screen.findByTitle('输入的文字'));
    expect(latest.templateJson).toMatchObject([{ field: 'kw', sourceType: 4, relationField: '@keyword' }]);
  });

  it('a popup attribute follows a popup field of the form and shows a field of its rows', async () => {
    const user = userEvent.setup({ delay: null });
    const popup = { ...make('popupSelect', 101, '商品', 'goods'), interfaceId: 'di1' };
    const text = make('input', 103, '名称', 'name');
    // a popup column of a sub-table: a row's pick, not one the main form's attribute can show
    const table = make('table', 105, '明细', 'lines');
    table.__config__.children = [{ ...make('popupSelect', 106, '行商品', 'rowGoods'), interfaceId: 'di1' }];
    renderAdmin(<Harness initial={make('popupAttr', 104, '类别', 'goodsKind')} others={[text, popup, table]} />);
    await user.click(screen.getByLabelText('关联弹窗'));
    // only popup fields of the form itself are offered
    await screen.findByTitle('商品');
    expect(screen.queryByTitle('名称')).toBeNull();
    expect(screen.queryByTitle('行商品')).toBeNull();
    await user.click(await screen.findByTitle('商品'));
    expect(latest.relationField).toBe('goods');
    await user.click(screen.getByLabelText('显示属性'));
    await user.click(await screen.findByTitle('kind'));
    expect(latest.showField).toBe('kind');
    await user.click(screen.getByRole('radio', { name: '存储' }));
    expect(latest.isStorage).toBe(1);
  });

  it("a sub-table's popup attribute follows only a popup column of its own table", async () => {
    const user = userEvent.setup({ delay: null });
    const popup = { ...make('popupSelect', 101, '商品', 'goods'), interfaceId: 'di1' };
    const attr = make('popupAttr', 107, '行类别', 'rowKind');
    const table = make('table', 105, '明细', 'lines');
    table.__config__.children = [
      { ...make('popupSelect', 106, '行商品', 'rowGoods'), interfaceId: 'di1' },
      make('input', 108, '行名称', 'rowName'),
      attr,
    ];
    const other = make('table', 109, '其他', 'others');
    other.__config__.children = [{ ...make('popupSelect', 110, '别的商品', 'otherGoods'), interfaceId: 'di1' }];
    renderAdmin(<Harness initial={attr} others={[popup, table, other]} />);
    await user.click(screen.getByLabelText('关联弹窗'));
    await user.click(await screen.findByTitle('行商品'));
    for (const name of ['商品', '行名称', '别的商品']) expect(screen.queryByTitle(name)).toBeNull();
    expect(latest.relationField).toBe('rowGoods');
    await user.click(screen.getByLabelText('显示属性'));
    await user.click(await screen.findByTitle('kind'));
    expect(latest.showField).toBe('kind');
  });

  it('the design check asks for the interface of a popup and an autoComplete', () => {
    const fields = [make('popupSelect', 101, '商品', 'goods'), make('autoComplete', 102, '备注', 'note')];
    const problems = validateDesign(
      { ...defaultFormData({ confirm: '', cancel: '', confirmAndAdd: '' }), fields },
      defaultColumnData(fields, BUTTON_TEXTS),
      1,
    );
    expect(problems.map((p) => [p.code, p.formId])).toEqual([
      ['interfaceRequired', 101],
      ['interfaceRequired', 102],
    ]);
    fields.forEach((f) => (f.interfaceId = 'di1'));
    expect(
      validateDesign(
        { ...defaultFormData({ confirm: '', cancel: '', confirmAndAdd: '' }), fields },
        defaultColumnData(fields, BUTTON_TEXTS),
        1,
      ),
    ).toEqual([]);
  });
});

// What the property panel offers beyond a widget's own properties: the label's hint, showing the label and
// hiding the field for every input; a text box's prefix, suffix and data masking; a rating's half stars. Each
// writes the key the form renderer and the server read (tipLabel, showLabel, noShow, addonBefore/After, useMask
// with maskConfig, allowHalf), and the form shows what the design says.
import type { ColumnDataJson, FieldConfig, FormDataJson, OnlineFieldKey } from '@jnpf/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdmin } from '../../../../components/admin/testUtils';
import { FormRenderer } from '../../../../widgets';
import { FieldProperties } from './FieldProperties';
import { createField } from './model';
import { zhFieldTexts } from './testing';
import { validateDesign } from './validate';

const EMPTY_COLUMNS = { columnList: [] } as unknown as ColumnDataJson;

vi.setConfig({ testTimeout: 60_000 });

const make = (key: OnlineFieldKey, label: string): FieldConfig => ({
  ...createField(key, 1, zhFieldTexts(label, { auto: '', on: '', off: '' })),
  __vModel__: 'f1',
});

let latest: FieldConfig;
function Harness({ initial }: { initial: FieldConfig }) {
  const [field, setField] = useState(initial);
  return (
    <FieldProperties
      field={field}
      fields={[field]}
      onChange={(next) => {
        latest = next;
        setField(next);
      }}
    />
  );
}

function open(key: OnlineFieldKey, label: string) {
  mockApi();
  latest = make(key, label);
  renderAdmin(<Harness initial={latest} />);
}

describe('common field properties', () => {
  it('sets the label hint, hides the label and hides the field', async () => {
    open('input', '姓名');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('标题提示'), '与证件一致');
    expect(latest.__config__.tipLabel).toBe('与证件一致');
    expect(screen.getByRole('switch', { name: '显示标题' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('switch', { name: '显示标题' }));
    expect(latest.__config__.showLabel).toBe(false);
    await user.click(screen.getByRole('switch', { name: '隐藏' }));
    expect(latest.__config__.noShow).toBe(true);
  });

  it("sets the field's own label width; cleared, the form's applies again", async () => {
    open('input', '姓名');
    const user = userEvent.setup();
    const width = screen.getByLabelText('标签宽度');
    await user.type(width, '160');
    await user.tab();
    expect(latest.__config__.labelWidth).toBe(160);
    await user.clear(width);
    await user.tab();
    expect(latest.__config__.labelWidth).toBeUndefined();
  });

  it('shows an item on PC and APP; without PC the web form leaves it out', async () => {
    open('input', '备注');
    const user = userEvent.setup();
    const shownOn = screen.getByRole('group', { name: '显示端' });
    const pc = within(shownOn).getByRole('checkbox', { name: 'PC' });
    expect((pc as HTMLInputElement).checked).toBe(true);
    await user.click(pc);
    expect(latest.__config__.visibility).toEqual(['app']);

    function FormOf() {
      const [form] = Form.useForm();
      return <FormRenderer formData={{ fields: [latest], labelWidth: 100, gutter: 0 }} form={form} name="shown" />;
    }
    const { container } = render(<FormOf />);
    expect(within(container).queryByText('备注')).toBeNull();
  });

  it('a text box: prefix and suffix, shown around it in the form', async () => {
    open('input', '网址');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('前缀'), 'https://');
    await user.type(screen.getByLabelText('后缀'), '.com');
    expect(latest).toMatchObject({ addonBefore: 'https://', addonAfter: '.com' });

    function FormOf() {
      const [form] = Form.useForm();
      return <FormRenderer formData={{ fields: [latest], labelWidth: 100, gutter: 0 }} form={form} name="addon" />;
    }
    const { container } = render(<FormOf />);
    const compact = container.querySelector('.ant-space-compact');
    expect(compact).not.toBeNull();
    within(compact as HTMLElement).getByText('https://');
    within(compact as HTMLElement).getByText('.com');
  });

  it('a text box: data masking with its type and filler, and a sample of what it shows', async () => {
    open('input', '手机');
    const user = userEvent.setup();
    expect(screen.queryByLabelText('脱敏类型')).toBeNull();
    await user.click(screen.getByRole('switch', { name: '数据脱敏' }));
    expect(latest.useMask).toBe(true);
    await user.click(screen.getByLabelText('脱敏类型'));
    await user.click(await screen.findByTitle('手机号码'));
    expect(latest.maskConfig).toMatchObject({ maskType: 3, filler: '*' });
    expect(screen.getByTestId('mask-sample').textContent).toBe('13812345678 → 138****5678');

    // the custom type keeps as many characters at either end as asked
    await user.click(screen.getByLabelText('脱敏类型'));
    await user.click(await screen.findByTitle('自定义'));
    expect(screen.queryByLabelText('保留前几位')).toBeNull();
    await user.click(screen.getByLabelText('前缀类型'));
    await user.click(await screen.findByTitle('保留字符数'));
    await user.click(screen.getByLabelText('后缀类型'));
    const suffixOptions = await screen.findAllByTitle('保留字符数');
    await user.click(suffixOptions[suffixOptions.length - 1]!);
    await user.clear(screen.getByLabelText('保留前几位'));
    await user.type(screen.getByLabelText('保留前几位'), '2');
    await user.clear(screen.getByLabelText('保留后几位'));
    await user.type(screen.getByLabelText('保留后几位'), '1');
    await act(async () => screen.getByLabelText('保留后几位').blur());
    expect(latest.maskConfig).toMatchObject({
      maskType: 0,
      prefixType: 2,
      prefixLimit: 2,
      suffixType: 2,
      suffixLimit: 1,
    });
    expect(screen.getByTestId('mask-sample').textContent).toBe('ABCDEFGHIJ → AB*******J');
  });

  it('a text box: a custom mask up to given texts, with ignored characters and a fixed length, checked', async () => {
    open('input', '编号');
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: '数据脱敏' }));
    await user.click(screen.getByLabelText('脱敏类型'));
    await user.click(await screen.findByTitle('自定义'));
    // the start kept through the first "-": its text is required, and said so until given
    await user.click(screen.getByLabelText('前缀类型'));
    await user.click(await screen.findByTitle('保留至指定字符（字符保留）'));
    expect(latest.maskConfig).toMatchObject({ prefixType: 4 });
    await screen.findByText('请填写指定字符');
    expect(validateDesign({ fields: [latest] } as FormDataJson, EMPTY_COLUMNS, 1).map((p) => p.code)).toContain(
      'maskConfigInvalid',
    );
    await user.type(screen.getByLabelText('前缀指定字符'), '-');
    expect(screen.queryByText('请填写指定字符')).toBeNull();
    // the end kept from the last "@" on, the "@" masked
    await user.click(screen.getByLabelText('后缀类型'));
    const before = await screen.findAllByTitle('保留至指定字符（字符遮盖）');
    await user.click(before[before.length - 1]!);
    await user.type(screen.getByLabelText('后缀指定字符'), '@');
    await user.type(screen.getByLabelText('忽略字符'), '.');
    await user.click(screen.getByRole('switch', { name: '固定脱敏长度' }));
    await user.clear(screen.getByLabelText('脱敏长度'));
    await user.type(screen.getByLabelText('脱敏长度'), '2');
    await act(async () => screen.getByLabelText('脱敏长度').blur());
    expect(latest.maskConfig).toMatchObject({
      maskType: 0,
      prefixType: 4,
      prefixSpecifyChar: '-',
      suffixType: 3,
      suffixSpecifyChar: '@',
      ignoreChar: '.',
      useUnrealMask: true,
      unrealMaskLength: 2,
    });
    expect(validateDesign({ fields: [latest] } as FormDataJson, EMPTY_COLUMNS, 1).map((p) => p.code)).not.toContain(
      'maskConfigInvalid',
    );
    // the live preview masks a text the designer types
    await user.type(screen.getByLabelText('示例文本'), 'ID-ab.cd@x.com');
    expect(screen.getByTestId('mask-sample').textContent).toBe('ID-ab.cd@x.com → ID-**.**x.com');
  });

  it('file and picture fields: the storage path, a folder per user and a folder name (default path first)', async () => {
    for (const key of ['uploadFile', 'uploadImg'] as const) {
      open(key, '附件');
      const user = userEvent.setup();
      expect(latest).toMatchObject({ pathType: 'defaultPath', isAccount: 0, folder: '' });
      expect((screen.getByRole('radio', { name: '默认路径' }) as HTMLInputElement).checked).toBe(true);
      expect(screen.queryByLabelText('文件夹名')).toBeNull();
      await user.click(screen.getByRole('radio', { name: '自定义路径' }));
      await user.click(screen.getByRole('switch', { name: '按用户分目录' }));
      await user.type(screen.getByLabelText('文件夹名'), 'contracts');
      expect(latest).toMatchObject({ pathType: 'selfPath', isAccount: 1, folder: 'contracts' });
      // back to the default path: the custom folder goes with it
      await user.click(screen.getByRole('radio', { name: '默认路径' }));
      expect(latest).toMatchObject({ pathType: 'defaultPath', isAccount: 0, folder: '' });
      document.body.innerHTML = '';
    }
  });

  it('a rating: half stars', async () => {
    open('rate', '评分');
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: '允许半星' }));
    expect(latest.allowHalf).toBe(true);
  });

  it('an amount: prefix and suffix', async () => {
    open('amount', '金额');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('后缀'), '元');
    expect(latest.addonAfter).toBe('元');
  });
});

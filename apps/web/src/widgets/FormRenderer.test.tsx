import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from '../components/admin/serverErrors';
import { mockApi, renderAdmin } from '../components/admin/testUtils';
import { http } from '../platform/request';
import { widgetRegistry } from './registry';
import { patternOf } from './rules';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';
import type { WidgetEntry } from './types';
import { defaultValuesOf } from './defaults';
import { useSession } from '../platform/session';
import type { UserInfo } from '@jnpf/core';

// antd in jsdom is slow on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});

/** the grid cell (item) holding an element, and its span */
const itemOf = (element: HTMLElement) => element.closest<HTMLElement>('[style*="--span"]')!;
const spanOf = (element: HTMLElement) => itemOf(element).style.getPropertyValue('--span');
const submit = () => fireEvent.click(screen.getByRole('button', { name: SUBMIT }));

describe('FormRenderer rules', () => {
  it('refuses empty required fields with "<label>不能为空" and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('input', 'name', '名称', { config: { required: true } }),
          fieldOf('checkbox', 'tags', '标签', { options: [{ fullName: 'A', id: 'a' }], config: { required: true } }),
          fieldOf('inputNumber', 'amount', '数量', { config: { required: true } }),
          fieldOf('datePicker', 'day', '日期', { config: { required: true } }),
          fieldOf('switch', 'flag', '开关', { config: { required: true } }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    submit();
    for (const label of ['名称', '标签', '数量', '日期'])
      expect(await screen.findByText(`${label}不能为空`)).toBeTruthy();
    // a switch always holds a value
    expect(screen.queryByText('开关不能为空')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();

    // blanks are empty too
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '   ' } });
    submit();
    expect(await screen.findByText('名称不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the regList patterns (JavaScript literals) with their messages', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('input', 'phone', '手机', {
            config: { regList: [{ pattern: '/^1[3456789]\\d{9}$/', message: '请输入正确的手机号码' }] },
          }),
          fieldOf('input', 'code', '编码', { config: { regList: [{ pattern: '^[A-Z]+$', message: '' }] } }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.change(screen.getByLabelText('手机'), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('编码'), { target: { value: 'abc' } });
    submit();
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    expect(await screen.findByText('编码格式不正确')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('手机'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByLabelText('编码'), { target: { value: 'ABC' } });
    submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ phone: '13800138000', code: 'ABC' }, expect.anything()),
    );
  });

  it('checks number bounds and text length (the controls keep typing in bounds; a record may not be)', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('inputNumber', 'low', '下限', { min: 10 }),
          fieldOf('inputNumber', 'high', '上限', { max: 100 }),
          fieldOf('input', 'short', '简称', { maxlength: 3 }),
        ])}
        record={{ low: 5, high: 200, short: '超过三个字' }}
        onSubmit={onSubmit}
      />,
    );
    submit();
    expect(await screen.findByText('下限不能小于10')).toBeTruthy();
    expect(await screen.findByText('上限不能大于100')).toBeTruthy();
    expect(await screen.findByText('简称最多为3个字符')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server refusal (401, data.errors by __vModel__) on the matching items', async () => {
    api.on('POST', '/api/things', {
      code: 401,
      msg: '数据校验失败',
      data: { errors: { name: '名称已存在', amount: '数量必须是数字' } },
    });
    renderAdmin(
      <RendererHarness
        formData={formOf([fieldOf('input', 'name', '名称'), fieldOf('inputNumber', 'amount', '数量')])}
        record={{ name: '苹果', amount: 3 }}
        onSubmit={async (values, form) => {
          try {
            await http.post('/api/things', { data: JSON.stringify(values) });
          } catch (error) {
            applyServerErrors(form, error);
          }
        }}
      />,
    );
    submit();
    expect(await screen.findByText('名称已存在')).toBeTruthy();
    expect(screen.getByText('数量必须是数字')).toBeTruthy();
    // nothing typed is lost
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('苹果');
    expect(api.calls[0]!.body).toEqual({ data: JSON.stringify({ name: '苹果', amount: 3 }) });
  });
});

describe('FormRenderer layout and values', () => {
  it('starts a new record from the defaults; a hidden (noShow) field still sends its value and is not required', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('input', 'name', '名称', { config: { defaultValue: '默认名' } }),
          fieldOf('select', 'kind', '类型', {
            options: [{ fullName: '甲', id: '1' }],
            multiple: true,
            config: { defaultValue: ['1'] },
          }),
          fieldOf('inputNumber', 'amount', '数量', { config: { defaultValue: '5' } }),
          fieldOf('input', 'secret', '隐藏', { config: { defaultValue: 'x', noShow: true } }),
          // hidden and required: nobody could fill it in, so it is not required (as on the server)
          fieldOf('input', 'unseen', '未显示', { config: { noShow: true, required: true } }),
        ])}
        onSubmit={onSubmit}
      />,
    );
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('默认名');
    expect(screen.getByText('隐藏').closest('[hidden]')).toBeTruthy();
    submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: '默认名', kind: ['1'], amount: 5, secret: 'x' }, expect.anything()),
    );
  });

  it('lays out labels by width and position, spans and tips; items for other platforms are left out', () => {
    renderAdmin(
      <RendererHarness
        formData={formOf(
          [
            fieldOf('input', 'a', '甲', { config: { span: 12, tipLabel: '甲的说明' } }),
            fieldOf('input', 'b', '乙', { config: { span: 12, labelWidth: 150 } }),
            fieldOf('input', 'c', '丙', { config: { showLabel: false } }),
            fieldOf('input', 'd', '丁', { config: { visibility: ['app'] } }),
          ],
          { labelWidth: 120 },
        )}
        onSubmit={vi.fn()}
      />,
    );
    const labelOf = (text: string) => screen.getByText(text).closest('label')!;
    const labelWidthOf = (text: string) => itemOf(labelOf(text)).style.getPropertyValue('--label-width');
    expect(labelWidthOf('甲')).toBe('120px');
    expect(labelWidthOf('乙')).toBe('150px');
    expect(spanOf(screen.getByLabelText('甲'))).toBe('12');
    // no label, and the control takes the whole width
    expect(spanOf(document.getElementById('record_c')!)).toBe('24');
    expect(itemOf(document.getElementById('record_c')!).querySelector('label')).toBeNull();
    expect(itemOf(document.getElementById('record_c')!).style.getPropertyValue('--label-width')).toBe('0px');
    expect(screen.queryByText('丙')).toBeNull();
    expect(screen.queryByText('丁')).toBeNull();
    expect(within(labelOf('甲')).getByLabelText('甲的说明')).toBeTruthy();
  });

  it('puts labels on top for labelPosition top', () => {
    renderAdmin(
      <RendererHarness formData={formOf([fieldOf('input', 'a', '甲')], { labelPosition: 'top' })} onSubmit={vi.fn()} />,
    );
    expect(document.querySelector('.ant-form-vertical')).toBeTruthy();
  });

  it('the detail mode shows the display texts and no controls', () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([
          fieldOf('select', 'kind', '类型', { options: [{ fullName: '甲', id: '1' }] }),
          fieldOf('checkbox', 'tags', '标签', { options: [] }),
          fieldOf('createUser', 'creator', '创建人'),
        ])}
        mode="detail"
        display={{ kind: '甲', tags: ['A', 'B'], creator: '管理员/admin' }}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByText('甲')).toBeTruthy();
    expect(screen.getByText('A,B')).toBeTruthy();
    expect(screen.getByText('管理员/admin')).toBeTruthy();
    expect(document.querySelector('input, .ant-select')).toBeNull();
  });

  it('the designer’s default size (small) gives the administration dialogs’ controls; medium and mini a theme', () => {
    // (their heights, 36 and 28 px, were measured in Chromium: jsdom lays nothing out)
    const input = () => screen.getByLabelText('甲').closest('.ant-input-affix-wrapper, .ant-input')!;
    const themeOf = (size: string) => {
      const view = renderAdmin(
        <RendererHarness formData={formOf([fieldOf('input', 'a', '甲')], { size })} onSubmit={vi.fn()} />,
      );
      const { className } = input();
      view.unmount();
      expect(className).not.toMatch(/ant-input(-affix-wrapper)?-(sm|lg)/);
      return className.split(' ').find((name) => name.startsWith('css-var'));
    };
    const base = themeOf('small');
    expect(themeOf('medium')).not.toBe(base);
    expect(themeOf('mini')).not.toBe(base);
  });

  it('a form with formData.disabled disables every control', () => {
    renderAdmin(
      <RendererHarness formData={formOf([fieldOf('input', 'a', '甲')], { disabled: true })} onSubmit={vi.fn()} />,
    );
    expect((screen.getByLabelText('甲') as HTMLInputElement).disabled).toBe(true);
  });

  it('a field of a key this version does not build is left out, not fatal', () => {
    const unknown = fieldOf('input', 'file', '附件');
    (unknown.__config__ as { jnpfKey: string }).jnpfKey = 'flowChooser';
    renderAdmin(<RendererHarness formData={formOf([unknown, fieldOf('input', 'a', '甲')])} onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('甲')).toBeTruthy();
    expect(screen.queryByText('附件')).toBeNull();
  });
});

describe('FormRenderer speed', () => {
  it('a keystroke renders the typed field only, not the other fields', async () => {
    let renders = 0;
    const original = widgetRegistry.textarea;
    // a counting stand-in for the textarea widget
    (widgetRegistry as Record<string, WidgetEntry>).textarea = {
      ...original,
      kind: 'input',
      Component: function CountingWidget() {
        renders += 1;
        return null;
      },
    };
    try {
      const fields = Array.from({ length: 60 }, (_, i) => fieldOf('textarea', `t${i}`, `多行${i}`));
      renderAdmin(
        <RendererHarness formData={formOf([fieldOf('input', 'name', '名称'), ...fields])} onSubmit={vi.fn()} />,
      );
      expect(renders).toBeGreaterThanOrEqual(60);
      const before = renders;
      const input = screen.getByLabelText('名称');
      for (const value of ['a', 'ab', 'abc']) fireEvent.change(input, { target: { value } });
      expect((input as HTMLInputElement).value).toBe('abc');
      expect(renders).toBe(before);
    } finally {
      (widgetRegistry as Record<string, WidgetEntry>).textarea = original;
    }
  });
});

describe('patternOf and defaults', () => {
  it('reads JavaScript literals with flags, bare sources, and skips invalid patterns', () => {
    expect(patternOf('/^a+$/i')!.test('AAA')).toBe(true);
    expect(patternOf('/^\\d+$/g')!.flags).toBe('');
    expect(patternOf('^x$')!.test('x')).toBe(true);
    expect(patternOf('/(/')).toBeNull();
    expect(patternOf('')).toBeNull();
  });

  it('defaults: switch to its inactive value, current date and time when asked, none for system fields', () => {
    const now = new Date(2024, 4, 1, 8, 30, 15, 500).getTime();
    expect(
      defaultValuesOf(
        [
          fieldOf('switch', 's', '开关', { activeValue: 'on', inactiveValue: 'off', config: { defaultValue: true } }),
          fieldOf('datePicker', 'd', '日期', { format: 'yyyy-MM-dd', config: { defaultCurrent: true } }),
          fieldOf('timePicker', 't', '时间', { config: { defaultCurrent: true } }),
          fieldOf('checkbox', 'c', '多选', { config: { defaultValue: 'a' } }),
          fieldOf('createTime', 'ct', '创建时间'),
          fieldOf('input', 'empty', '空', { config: { defaultValue: '' } }),
        ],
        now,
      ),
    ).toEqual({ s: 'on', d: new Date(2024, 4, 1).getTime(), t: '08:30:15', c: ['a'] });
  });

  it('defaults: a user picker\'s system variable "current user" becomes the signed-in user\'s id', () => {
    const fields = [
      fieldOf('userSelect', 'one', '申请人', { hasSys: true, config: { defaultValue: 'currentUser' } }),
      fieldOf('userSelect', 'many', '经办人', { multiple: true, config: { defaultValue: ['currentUser', 'u2'] } }),
      fieldOf('userSelect', 'given', '审核人', { config: { defaultValue: 'u9' } }),
    ];
    const before = useSession.getState().userInfo;
    try {
      useSession.setState({ userInfo: { userId: 'u1' } as UserInfo });
      expect(defaultValuesOf(fields)).toEqual({ one: 'u1', many: ['u1', 'u2'], given: 'u9' });
      // nobody signed in (a public form): the variable stands for no one
      useSession.setState({ userInfo: null });
      expect(defaultValuesOf(fields)).toEqual({ many: ['u2'], given: 'u9' });
    } finally {
      useSession.setState({ userInfo: before });
    }
  });
});

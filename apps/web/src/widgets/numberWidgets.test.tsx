import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../components/admin/testUtils';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

vi.setConfig({ testTimeout: 60_000 });

const amountField = (extra = {}) =>
  fieldOf('amount', 'price', '金额', {
    addonAfter: '元',
    precision: 2,
    thousands: true,
    isAmountChinese: true,
    ...extra,
  });

describe('amount input', () => {
  it('rounds to the precision and groups thousands on blur, shows the capital text, and sends a number', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([amountField()])} onSubmit={onSubmit} />);
    const input = await screen.findByLabelText('金额');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1,234.567' } });
    fireEvent.blur(input);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('1,234.57'));
    expect(screen.getByTestId('amount-capital').textContent).toBe('壹仟贰佰叁拾肆元伍角柒分');
    fireEvent.click(screen.getByText(SUBMIT));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ price: 1234.57 });
  });

  it('clears a value that is not a number, and shows no capital text for it', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([amountField()])} record={{ price: 5 }} onSubmit={onSubmit} />);
    const input = await screen.findByLabelText('金额');
    expect((input as HTMLInputElement).value).toBe('5.00');
    expect(screen.getByTestId('amount-capital').textContent).toBe('伍元整');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(screen.queryByTestId('amount-capital')).toBeNull();
  });

  it('refuses a value beyond its bounds with the label, as the server does', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([amountField({ max: 100 })])} onSubmit={onSubmit} />);
    const input = await screen.findByLabelText('金额');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '150' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByText(SUBMIT));
    expect(await screen.findByText('金额不能大于100')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the formatted amount and its capital text in the detail', async () => {
    const { AmountDetail } = await import('./numberWidgets');
    render(<AmountDetail field={amountField()} display="1,000" />);
    expect(screen.getByText(/1,000\.00/)).toBeTruthy();
    expect(screen.getByTestId('amount-capital').textContent).toContain('壹仟元整');
  });
});

const rangeField = (extra = {}) => fieldOf('numRange', 'size', '尺寸', { precision: 1, min: 0, ...extra });

describe('number range', () => {
  it('sends [min, max], with 0 as a real end', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([rangeField()])} onSubmit={onSubmit} />);
    const low = await screen.findByLabelText('最小值');
    fireEvent.change(low, { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('最大值'), { target: { value: '5.5' } });
    fireEvent.click(screen.getByText(SUBMIT));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ size: [0, 5.5] });
  });

  it('shows a stored range, and refuses a minimum above the maximum with the label', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([rangeField()])} record={{ size: [1, 3] }} onSubmit={onSubmit} />);
    const low = (await screen.findByLabelText('最小值')) as HTMLInputElement;
    expect(low.value).toBe('1.0');
    fireEvent.change(low, { target: { value: '9' } });
    fireEvent.click(screen.getByText(SUBMIT));
    expect(await screen.findByText('尺寸的最小值不能大于最大值')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is empty when both ends are cleared: required then says so', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([rangeField({ config: { required: true } })])}
        record={{ size: [2, null] }}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.change(await screen.findByLabelText('最小值'), { target: { value: '' } });
    fireEvent.click(screen.getByText(SUBMIT));
    expect(await screen.findByText('尺寸不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('calculate', () => {
  const formula = (extra = {}) =>
    fieldOf('calculate', 'total', '总价', {
      expression: [{ __vModel__: 'qty', label: '数量' }, '×', { __vModel__: 'unit', label: '单价' }, '+', '1', '0'],
      precision: 2,
      thousands: true,
      isAmountChinese: true,
      ...extra,
    });
  const fields = () => [fieldOf('inputNumber', 'qty', '数量'), fieldOf('inputNumber', 'unit', '单价'), formula()];

  it('recomputes from the form values (a blank operand counts as 0) and sends the result', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf(fields())} onSubmit={onSubmit} />);
    const total = (await screen.findByLabelText('总价')) as HTMLInputElement;
    expect(total.readOnly).toBe(true);
    await waitFor(() => expect(total.value).toBe('10'));
    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('单价'), { target: { value: '12.5' } });
    await waitFor(() => expect(total.value).toBe('3,760'));
    expect(screen.getByTestId('amount-capital').textContent).toBe('叁仟柒佰陆拾元整');
    fireEvent.click(screen.getByText(SUBMIT));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ qty: 300, unit: 12.5, total: 3760 });
  });

  it('checks "required" of what it computes, so a result not given to the form yet does not fail it', async () => {
    const { rulesOf } = await import('./rules');
    const required = formula({ config: { required: true } } as never);
    const [rule] = rulesOf(required);
    expect(typeof rule).toBe('function');
    const check = (values: Record<string, unknown>, value: unknown) => {
      const made = (rule as (form: unknown) => { validator: (r: unknown, v: unknown) => Promise<void> })({
        getFieldsValue: () => values,
      });
      return made.validator({}, value);
    };
    await expect(check({ qty: 2, unit: 3 }, undefined)).resolves.toBeUndefined();
    await expect(check({}, null)).resolves.toBeUndefined();
    // a formula that does not parse computes nothing: then it is empty
    const [brokenRule] = rulesOf({ ...required, expression: ['1', '+'] });
    const broken = (brokenRule as (form: unknown) => { validator: (r: unknown, v: unknown) => Promise<void> })({
      getFieldsValue: () => ({}),
    });
    await expect(broken.validator({}, undefined)).rejects.toThrow('总价不能为空');
  });

  it('shows the server text and its capital text in the detail', async () => {
    const { CalculateDetail } = await import('./numberWidgets');
    render(<CalculateDetail field={formula()} display="3,760" />);
    expect(screen.getByText(/3,760/)).toBeTruthy();
    expect(screen.getByTestId('amount-capital').textContent).toContain('叁仟柒佰陆拾元整');
  });
});

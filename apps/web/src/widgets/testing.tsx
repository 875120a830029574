// Test helpers of the widgets (used by *.test.tsx only): field and form definitions, and a harness that
// renders a FormRenderer with a submit button and reports what the form gives.
import type { FieldConfig, FormDataJson, OnlineFieldKey } from '@jnpf/core';
import { Form, type FormInstance } from 'antd';
import { FormRenderer, type FormRendererProps } from './FormRenderer';
import type { RecordValues } from './values';

let nextFormId = 100;

/** a field of a key with its record key and any component properties */
export function fieldOf(
  jnpfKey: OnlineFieldKey,
  vModel: string,
  label: string,
  extra: Partial<FieldConfig> & { config?: Partial<FieldConfig['__config__']> } = {},
): FieldConfig {
  const { config, ...props } = extra;
  const formId = nextFormId++;
  return {
    __config__: { jnpfKey, label, formId, renderKey: formId, span: 24, ...config },
    __vModel__: vModel,
    ...props,
  };
}

export function formOf(fields: FieldConfig[], extra: Partial<FormDataJson> = {}): FormDataJson {
  return { labelPosition: 'right', labelWidth: 100, gutter: 15, fields, ...extra };
}

export const SUBMIT = '提交测试';

/** the renderer and a button submitting it; onSubmit gets the values and the form */
export function RendererHarness({
  onSubmit,
  ...props
}: Omit<FormRendererProps, 'form' | 'onFinish'> & {
  onSubmit: (values: RecordValues, form: FormInstance<RecordValues>) => unknown;
}) {
  const [form] = Form.useForm<RecordValues>();
  return (
    <>
      <FormRenderer {...props} form={form} onFinish={(values) => void onSubmit(values, form)} />
      <button type="button" onClick={() => form.submit()}>
        {SUBMIT}
      </button>
    </>
  );
}

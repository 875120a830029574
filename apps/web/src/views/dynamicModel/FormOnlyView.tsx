// A form-only function (webType 1): the designed form and a submit that creates a record, then starts
// the form afresh for the next one. A refusal keeps everything typed and marks the fields it names. Under form
// permission only the fields the user holds on the menu show (formPermission.ts).
import type { FormDataJson } from '@jnpf/core';
import { Form } from 'antd';
import { useState } from 'react';
import { AdminPage, Panel, Toolbar } from '../../components/admin/AdminPage';
import { showFailure, showServerSuccess } from '../../components/admin/notify';
import { applyServerErrors } from '../../components/admin/serverErrors';
import { FormRenderer } from '../../widgets/FormRenderer';
import type { RecordValues } from '../../widgets/values';
import { modelApi } from './api';
import { usePermittedForm } from './formPermission';
import { SubmitResetButtons } from './FormButtons';
import { texts } from './texts';

export interface FormOnlyViewProps {
  modelId: string;
  /** the menu the function was opened from (its form items) */
  menuId: string;
  title: string;
  formData: FormDataJson;
  /** the design checks forms and this is not the designer's preview */
  formPermission?: boolean;
}

export function FormOnlyView({ modelId, menuId, title, formData, formPermission = false }: FormOnlyViewProps) {
  const t = texts.useText();
  const permitted = usePermittedForm(formData, menuId, formPermission);
  const [form] = Form.useForm<RecordValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: RecordValues) => {
    if (saving) return;
    setSaving(true);
    try {
      showServerSuccess(await modelApi.create(modelId, values));
      form.resetFields();
    } catch (error) {
      applyServerErrors(form, error);
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AdminPage>
      <Panel grow>
        <Toolbar left={title} />
        <div style={{ width: formData.generalWidth || '100%', maxWidth: '100%', margin: '0 auto' }}>
          <FormRenderer
            formData={permitted.formData}
            form={form}
            allowField={permitted.allowField}
            onFinish={(values) => void submit(values)}
          />
          <div style={{ textAlign: 'center', padding: '8px 0' }}>
            <SubmitResetButtons form={form} saving={saving} submitText={t('submit')} resetText={t('reset')} />
          </div>
        </div>
      </Panel>
    </AdminPage>
  );
}

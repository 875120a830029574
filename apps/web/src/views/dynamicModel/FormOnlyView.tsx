// A form-only function (webType 1): the designed form and a submit that creates a record, then starts
// the form afresh for the next one. A refusal keeps everything typed and marks the fields it names.
import type { FormDataJson } from '@jnpf/core';
import { Button, Form, Space } from 'antd';
import { useState } from 'react';
import { AdminPage, Panel, Toolbar } from '../../components/admin/AdminPage';
import { showFailure, showServerSuccess } from '../../components/admin/notify';
import { applyServerErrors } from '../../components/admin/serverErrors';
import { FormRenderer } from '../../widgets/FormRenderer';
import type { RecordValues } from '../../widgets/values';
import { modelApi } from './api';
import { texts } from './texts';

export interface FormOnlyViewProps {
  modelId: string;
  title: string;
  formData: FormDataJson;
}

export function FormOnlyView({ modelId, title, formData }: FormOnlyViewProps) {
  const t = texts.useText();
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
          <FormRenderer formData={formData} form={form} onFinish={(values) => void submit(values)} />
          <div style={{ textAlign: 'center', padding: '8px 0' }}>
            <Space size={8}>
              <Button type="primary" loading={saving} onClick={() => form.submit()}>
                {t('submit')}
              </Button>
              <Button disabled={saving} onClick={() => form.resetFields()}>
                {t('reset')}
              </Button>
            </Space>
          </div>
        </div>
      </Panel>
    </AdminPage>
  );
}

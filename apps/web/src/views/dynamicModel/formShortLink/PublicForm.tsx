// A form link: the designed form (system fields and numbers left out by the server) with submit and reset.
// A refusal keeps everything typed and marks the fields it names; a success says so and offers another. Its popup
// fields read their rows through the link.
import type { FormDataJson } from '@jnpf/core';
import { Button, Form, Result } from 'antd';
import { useState } from 'react';
import { applyServerErrors } from '../../../components/admin/serverErrors';
import { FormRenderer } from '../../../widgets/FormRenderer';
import { PublicMapContext } from '../../../widgets/locationMap';
import { PopupSourceContext } from '../../../widgets/popup/popupData';
import type { RecordValues } from '../../../widgets/values';
import type { LinkApi } from './api';
import styles from './FormShortLink.module.css';
import { SubmitResetButtons } from '../FormButtons';
import { texts } from './texts';

export function PublicForm({ api, formData }: { api: LinkApi; formData: FormDataJson }) {
  const t = texts.useText();
  const [form] = Form.useForm<RecordValues>();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (values: RecordValues) => {
    if (saving) return;
    setSaving(true);
    try {
      await api.submit(values);
      form.resetFields();
      setDone(true);
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  if (done)
    return (
      <Result
        status="success"
        title={t('submitted')}
        subTitle={t('submittedHint')}
        extra={
          <Button type="primary" onClick={() => setDone(false)}>
            {t('again')}
          </Button>
        }
      />
    );
  return (
    <>
      <div className={styles.body}>
        {/* the popups read their rows through the link: the visitor is not signed in */}
        <PopupSourceContext.Provider value={api.popupSource}>
          {/* and the location field's map and place searches */}
          <PublicMapContext.Provider value={api.maps}>
            <FormRenderer formData={formData} form={form} onFinish={(values) => void submit(values)} />
          </PublicMapContext.Provider>
        </PopupSourceContext.Provider>
      </div>
      <div className={styles.footer}>
        <SubmitResetButtons form={form} saving={saving} submitText={t('submit')} resetText={t('reset')} />
      </div>
    </>
  );
}

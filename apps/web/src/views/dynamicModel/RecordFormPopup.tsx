// Adds or edits a record in the popup the design chose, with its configured buttons (cancel, confirm,
// confirm-and-add). The save behaves as every administration form: the clicked button shows its loading;
// success shows the server's message for 1.5 s and closes (confirm-and-add empties the form for the next
// record instead); a failure keeps the popup open with everything typed and puts a validation refusal's
// messages on their fields. Under form permission the page hands it the form cut to what the user may use.
import type { ApiResult, FormDataJson } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SAVE_TOAST_SECONDS } from '../../components/admin/constants';
import { pause, showFailure, showServerSuccess } from '../../components/admin/notify';
import { applyServerErrors } from '../../components/admin/serverErrors';
import { LoadError } from '../../components/admin/states';
import { DynamicCodeContext } from '../../widgets/displayWidgets';
import { FormRenderer } from '../../widgets/FormRenderer';
import type { RecordValues } from '../../widgets/values';
import { modelApi, modelKeys } from './api';
import { needsDisplay } from './model';
import { PopupFrame } from './PopupFrame';
import { texts } from './texts';
import { buttonLabel } from './buttonLabel';
import { FormPrintButton, hasFormPrint, type FormPrintProps } from './FormPrintButton';

export interface RecordFormPopupProps extends FormPrintProps {
  modelId: string;
  formData: FormDataJson;
  /** form permission: the fields the user may see and fill (absent: all) */
  allowField?: (vModel: string) => boolean;
  /** the record to edit; absent to add one */
  recordId?: string;
  onClose: () => void;
  /** after each successful save (the list refreshes) */
  onSaved: () => void;
  /** delay between the success message and closing, ms */
  closeDelayMs?: number;
}

type Saving = false | 'confirm' | 'confirmAndAdd';

export function RecordFormPopup({
  modelId,
  formData,
  allowField,
  recordId,
  onClose,
  onSaved,
  closeDelayMs = SAVE_TOAST_SECONDS * 1000,
  menuId,
  preview,
}: RecordFormPopupProps) {
  const t = texts.useText();
  const [form] = Form.useForm<RecordValues>();
  const [saving, setSaving] = useState<Saving>(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const editing = recordId !== undefined;
  // a dynamic QR code carries the record (once it has an id) and its model
  const codeContext = useMemo(() => ({ formId: recordId, modelId }), [recordId, modelId]);
  const record = useQuery({
    queryKey: modelKeys.record(modelId, recordId ?? ''),
    queryFn: () => modelApi.record(modelId, recordId!),
    enabled: editing,
    gcTime: 0,
  });
  const withDisplay = editing && needsDisplay(formData);
  const display = useQuery({
    queryKey: modelKeys.display(modelId, recordId ?? ''),
    queryFn: () => modelApi.display(modelId, recordId!),
    enabled: withDisplay,
    gcTime: 0,
  });
  const loading = (editing && record.isLoading) || (withDisplay && display.isLoading);
  const loadError = (editing && record.isError) || (withDisplay && display.isError);

  const save = async (kind: Exclude<Saving, false>) => {
    if (saving) return;
    let values: RecordValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    setSaving(kind);
    let result: ApiResult<unknown>;
    try {
      result = editing ? await modelApi.update(modelId, recordId, values) : await modelApi.create(modelId, values);
    } catch (error) {
      if (mounted.current) {
        setSaving(false);
        applyServerErrors(form, error);
      }
      showFailure(error);
      return;
    }
    showServerSuccess(result);
    if (kind === 'confirmAndAdd') {
      form.resetFields();
      setSaving(false);
      onSaved();
      return;
    }
    if (closeDelayMs > 0) await pause(closeDelayMs);
    onSaved();
    onClose();
  };

  const ready = !loading && !loadError;
  const footer = (
    <>
      {hasFormPrint(formData, recordId) && (
        <FormPrintButton
          formData={formData}
          recordId={recordId!}
          menuId={menuId}
          preview={preview}
          disabled={!ready || saving !== false}
        />
      )}
      {formData.hasCancelBtn !== false && (
        <Button onClick={onClose}>{buttonLabel(formData.cancelButtonText, t('cancel'))}</Button>
      )}
      {!editing && formData.hasConfirmAndAddBtn === true && (
        <Button
          loading={saving === 'confirmAndAdd'}
          disabled={!ready || saving === 'confirm'}
          onClick={() => void save('confirmAndAdd')}
        >
          {buttonLabel(formData.confirmAndAddText, t('confirmAndAdd'))}
        </Button>
      )}
      {formData.hasConfirmBtn !== false && (
        <Button
          type="primary"
          loading={saving === 'confirm'}
          disabled={!ready || saving === 'confirmAndAdd'}
          onClick={() => void save('confirm')}
        >
          {buttonLabel(formData.confirmButtonText, t('confirm'))}
        </Button>
      )}
    </>
  );

  return (
    <PopupFrame formData={formData} title={editing ? t('edit') : t('add')} footer={footer} onClose={onClose}>
      {loadError ? (
        <LoadError
          onRetry={() => {
            void record.refetch();
            if (withDisplay) void display.refetch();
          }}
        />
      ) : loading ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <DynamicCodeContext.Provider value={codeContext}>
          <FormRenderer
            formData={formData}
            form={form}
            allowField={allowField}
            record={editing ? record.data : undefined}
            display={withDisplay ? display.data : undefined}
          />
        </DynamicCodeContext.Provider>
      )}
    </PopupFrame>
  );
}

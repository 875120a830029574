// Shows a record's display texts (GET /{modelId}/{id}/DataChange) in the design's form layout, read-only,
// in the popup the design chose; under form permission only the fields the user may see.
import type { FormDataJson } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Spin } from 'antd';
import { useMemo } from 'react';
import { LoadError } from '../../components/admin/states';
import { DynamicCodeContext } from '../../widgets/displayWidgets';
import { FormRenderer } from '../../widgets/FormRenderer';
import type { RecordValues } from '../../widgets/values';
import { modelApi, modelKeys } from './api';
import { PopupFrame } from './PopupFrame';
import { texts } from './texts';
import { buttonLabel } from './buttonLabel';
import { FormPrintButton, hasFormPrint, type FormPrintProps } from './FormPrintButton';

export interface RecordDetailPopupProps extends FormPrintProps {
  modelId: string;
  formData: FormDataJson;
  /** form permission: the fields the user may see (absent: all) */
  allowField?: (vModel: string) => boolean;
  recordId: string;
  onClose: () => void;
}

export function RecordDetailPopup({
  modelId,
  formData,
  allowField,
  recordId,
  onClose,
  menuId,
  preview,
}: RecordDetailPopupProps) {
  const t = texts.useText();
  const [form] = Form.useForm<RecordValues>();
  // a dynamic QR code carries the record and its model
  const codeContext = useMemo(() => ({ formId: recordId, modelId }), [recordId, modelId]);
  const display = useQuery({
    queryKey: modelKeys.display(modelId, recordId),
    queryFn: () => modelApi.display(modelId, recordId),
    gcTime: 0,
  });
  return (
    <PopupFrame
      formData={formData}
      title={t('detail')}
      footer={
        <>
          {hasFormPrint(formData, recordId) && (
            <FormPrintButton formData={formData} recordId={recordId} menuId={menuId} preview={preview} />
          )}
          <Button onClick={onClose}>{buttonLabel(formData.cancelButtonText, t('cancel'))}</Button>
        </>
      }
      onClose={onClose}
    >
      {display.isError ? (
        <LoadError onRetry={() => void display.refetch()} />
      ) : display.isLoading ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <DynamicCodeContext.Provider value={codeContext}>
          <FormRenderer formData={formData} form={form} allowField={allowField} display={display.data} mode="detail" />
        </DynamicCodeContext.Provider>
      )}
    </PopupFrame>
  );
}

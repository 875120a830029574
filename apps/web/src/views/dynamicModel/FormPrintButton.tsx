// The form's 打印 button (formData.hasPrintBtn) in the form or detail popup of a stored record: it previews the
// record with the form's template (printId), as the user may read it through the page's menu. The designer's
// preview does not print (功能预览不支持打印).
import type { FormDataJson } from '@jnpf/core';
import { Button } from 'antd';
import { useState } from 'react';
import { PrintPreviewDialog } from '../../components/print/PrintPreviewDialog';
import { printTexts } from '../../components/print/texts';
import { feedback } from '../../platform/feedback';
import { buttonLabel } from './buttonLabel';
import { texts } from './texts';

export interface FormPrintProps {
  /** the menu the page runs under */
  menuId?: string;
  /** the designer's preview: printing answers that it is not supported */
  preview?: boolean;
}

/** whether the form shows its print button for a stored record */
export const hasFormPrint = (formData: FormDataJson, recordId: string | undefined) =>
  formData.hasPrintBtn === true && Boolean(formData.printId) && Boolean(recordId);

export function FormPrintButton({
  formData,
  recordId,
  title,
  menuId,
  preview = false,
  disabled,
}: FormPrintProps & { formData: FormDataJson; recordId: string; title?: string; disabled?: boolean }) {
  const t = texts.useText();
  const p = printTexts.useText();
  const [open, setOpen] = useState(false);
  const onClick = () => {
    if (preview) feedback.error(p('previewUnsupported'));
    else setOpen(true);
  };
  return (
    <>
      <Button disabled={disabled} onClick={onClick}>
        {buttonLabel(formData.printButtonText, t('print'))}
      </Button>
      {open && (
        <PrintPreviewDialog
          open
          id={formData.printId!}
          formId={recordId}
          printTitle={title}
          menuId={menuId}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

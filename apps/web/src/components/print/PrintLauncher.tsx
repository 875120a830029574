// Printing records from a page: pick one of the page's templates (or take the only one), then preview and print.
import { useEffect, useState } from 'react';
import { PrintPreviewDialog } from './PrintPreviewDialog';
import { PrintSelectDialog } from './PrintSelectDialog';

interface Props {
  open: boolean;
  /** the templates linked to the page */
  templateIds: readonly string[];
  /** the records to print, in order */
  recordIds: readonly string[];
  printTitle?: string;
  previewMode?: boolean;
  /** the menu the page runs under: the records print as its permissions let the user read them */
  menuId?: string;
  onClose: () => void;
}

export function PrintLauncher({ open, templateIds, recordIds, printTitle, previewMode, menuId, onClose }: Props) {
  const [template, setTemplate] = useState<{ id: string; fullName?: string }>();
  useEffect(() => {
    if (!open) setTemplate(undefined);
  }, [open]);
  return (
    <>
      <PrintSelectDialog open={open && !template} ids={templateIds} onSelect={setTemplate} onClose={onClose} />
      {template && (
        <PrintPreviewDialog
          open={open}
          id={template.id}
          batchIds={recordIds.join(',')}
          fullName={template.fullName}
          printTitle={printTitle}
          previewMode={previewMode}
          menuId={menuId}
          onClose={onClose}
        />
      )}
    </>
  );
}

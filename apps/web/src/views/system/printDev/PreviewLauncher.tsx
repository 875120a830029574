// 打印预览 of a template from its row: the records to fill it (their ids: the @formId of an SQL template, or the
// records of its online form), then the print preview with one page per record.
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { PrintPreviewDialog } from '../../../components/print/PrintPreviewDialog';
import type { TemplateRow } from './api';
import { texts } from './texts';

export function PreviewLauncher({ row, onClose }: { row?: TemplateRow; onClose: () => void }) {
  const t = texts.useText();
  const [ids, setIds] = useState('');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setIds('');
    setShown(false);
  }, [row]);
  const batch = ids
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
  return (
    <>
      <Modal
        open={Boolean(row) && !shown}
        title={t('previewAction')}
        width={480}
        onCancel={onClose}
        okButtonProps={{ disabled: !batch }}
        onOk={() => setShown(true)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('recordIds')} extra={t('recordIdsHint')}>
            <Input.TextArea
              aria-label={t('recordIds')}
              autoSize={{ minRows: 2, maxRows: 6 }}
              value={ids}
              onChange={(e) => setIds(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
      {row && shown && (
        <PrintPreviewDialog open id={row.id} batchIds={batch} fullName={row.fullName} onClose={onClose} />
      )}
    </>
  );
}

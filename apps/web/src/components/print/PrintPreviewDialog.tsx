// The print preview (打印预览): full screen, the template filled with one record (formId) or one page per record
// (batchIds), with download as a Word document (pictures inside it) or as PDF (laid out by the server's browser), print through the
// browser and cancel. A loading state shows while
// the data comes; after printing the print is logged (printLog/save). In preview mode printing is refused.
import { parsePrintPage, printDocument, type PrintPage } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Space, Spin } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { feedback } from '../../platform/feedback';
import { useSession } from '../../platform/session';
import { printApi } from './printApi';
import { PrintSheet, type PrintSheetHandle } from './PrintSheet';
import { downloadPdf } from './printPdf';
import { downloadWord } from './printWord';
import styles from './print.module.css';
import { loadPrintCodes, renderPages } from './renderPages';
import { printTexts } from './texts';

export interface PrintPreviewProps {
  open: boolean;
  /** the template */
  id: string;
  /** one record */
  formId?: string;
  /** several records, "id1,id2": one page each */
  batchIds?: string;
  /** the download's file name and the print log's title */
  fullName?: string;
  printTitle?: string;
  /** a function preview: printing is not supported */
  previewMode?: boolean;
  /** the menu the page runs under (its data, form and column permissions apply) */
  menuId?: string;
  onClose: () => void;
}

export function usePrintCodes() {
  return useQuery({ queryKey: ['print', 'codes'], queryFn: loadPrintCodes, staleTime: Infinity, gcTime: Infinity });
}

/** the approval table's texts in the current language */
export function useApprovalTexts() {
  const t = printTexts.useText();
  return useMemo(() => ({ headers: t('approvalHeaders').split(','), actions: t('approvalActions').split(',') }), [t]);
}

export function PrintPreviewDialog({
  open,
  id,
  formId,
  batchIds,
  fullName,
  printTitle,
  previewMode = false,
  menuId = '',
  onClose,
}: PrintPreviewProps) {
  const t = printTexts.useText();
  const sheet = useRef<PrintSheetHandle>(null);
  const [makingPdf, setMakingPdf] = useState(false);
  const [makingWord, setMakingWord] = useState(false);
  const user = useSession((s) => s.userInfo);
  const approvalTexts = useApprovalTexts();
  const ids = useMemo(
    () =>
      (batchIds ?? formId ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    [batchIds, formId],
  );
  const data = useQuery({
    queryKey: ['print', 'data', id, ids.join(','), menuId],
    queryFn: () => printApi.data(id, ids, menuId),
    enabled: open && Boolean(id) && ids.length > 0,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const codes = usePrintCodes();
  const rendered = useMemo(
    () =>
      data.data && codes.data
        ? renderPages(data.data, {
            codes: codes.data,
            printer: user ? `${user.userName}/${user.userAccount}` : '',
            approvalTexts,
          })
        : undefined,
    [data.data, codes.data, user, approvalTexts],
  );
  const page: PrintPage = parsePrintPage(data.data?.[0]?.pageParam);
  const title = fullName || printTitle || '';
  const doc = rendered ? printDocument(rendered.pages, page, title) : '';
  const loading = data.isLoading || codes.isLoading || (data.isSuccess && !rendered);
  const ready = Boolean(rendered?.pages.length);

  const print = () => {
    if (previewMode) {
      feedback.error(t('previewUnsupported'));
      return;
    }
    if (!rendered || !sheet.current?.print()) return;
    void printApi.saveLog({
      printId: id,
      printTitle: fullName || printTitle || document.title.split('-')[0]!.trim(),
      printNum: rendered.pages.length,
      formId: ids.join(','),
    });
  };

  return (
    <Modal
      open={open}
      title={t('preview')}
      onCancel={onClose}
      width="100vw"
      centered={false}
      destroyOnHidden
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ container: { minHeight: '100vh', borderRadius: 0 } }}
      footer={
        <Space>
          <Button
            loading={makingWord}
            disabled={!ready}
            onClick={() => {
              setMakingWord(true);
              downloadWord(doc, `${fullName || t('defaultFileName')}.doc`)
                .catch(() => feedback.error(t('downloadFailed')))
                .finally(() => setMakingWord(false));
            }}
          >
            {t('download')}
          </Button>
          <Button
            loading={makingPdf}
            disabled={!ready}
            onClick={() => {
              if (!rendered) return;
              setMakingPdf(true);
              downloadPdf({
                pages: rendered.pages,
                pageParam: data.data?.[0]?.pageParam ?? '',
                title,
                fileName: `${fullName || t('defaultFileName')}.pdf`,
              })
                .catch(() => undefined) // shown by the request layer
                .finally(() => setMakingPdf(false));
            }}
          >
            {t('downloadPdf')}
          </Button>
          <Button type="primary" onClick={print} disabled={!ready}>
            {t('print')}
          </Button>
          <Button onClick={onClose}>{t('cancel')}</Button>
        </Space>
      }
    >
      <div className={styles.previewBody} aria-busy={loading}>
        {rendered?.missing.length ? (
          <Alert
            className={styles.warning}
            type="warning"
            showIcon
            title={t('missing', { fields: rendered.missing.join(', ') })}
          />
        ) : null}
        {loading ? (
          <div className={styles.loading}>
            <Spin />
          </div>
        ) : ready ? (
          <PrintSheet ref={sheet} html={doc} title={t('preview')} />
        ) : (
          <div className={styles.loading}>
            <Empty description={t('noData')} />
          </div>
        )}
      </div>
    </Modal>
  );
}

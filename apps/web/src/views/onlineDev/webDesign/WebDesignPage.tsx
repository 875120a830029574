// The function-design screen (在线开发 › 功能设计): a paged list of the designs on the list frame (its columns in
// data.tsx) with keyword (and category, when the WebDesign dictionary exists) search; new (btn_add) opens the
// designer on a new design; per row 编辑 opens the designer (btn_edit) and 删除 asks first (btn_remove); under 更多
// release and public links (btn_edit), preview, copy (btn_add) and export to a .json file, each after
// confirmation; 代码预览 shows the code generated from the design and 下载代码 offers it as a zip; 导入 (btn_add)
// takes an exported file back, refusing a design in use or importing it as a copy.
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { downloadFile, ImportDialog, type DownloadVO } from '../../../components/admin';
import { CrudList } from '../../../components/crud/CrudList';
import { Auth } from '../../../platform/auth/Auth';
import { feedback } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { failureMessage, wasNotified } from '../../../platform/request';
import { webDesignApi, webDesignKeys, type BaseInfo, type DesignRow } from './api';
import { CodePreviewDialog } from './CodePreviewDialog';
import { CategoryFilter, DESIGN_TAIL, DESIGN_LIST, useDesignColumns, type DesignFilters } from './data';
import { NewDesignDialog } from './NewDesignDialog';
import { ReleaseDialog } from './ReleaseDialog';
import { ShortLinkDialog } from './ShortLinkDialog';
import { shortLinkTexts } from './shortLinkTexts';
import { texts } from './texts';
import { useCategories } from './useCategories';

// the designer is the heavy part of the screen: loaded when first opened
const Designer = lazy(() => import('./designer/Designer').then((m) => ({ default: m.Designer })));

export default function WebDesignPage() {
  const t = texts.useText();
  const linkText = shortLinkTexts.useText();
  const client = useQueryClient();
  const categories = useCategories();
  const columns = useDesignColumns(categories);
  /** the designer of a new design, opened from the new dialog; `session` remounts it for every opening */
  const [creating, setCreating] = useState<{ base: BaseInfo; session: number } | null>(null);
  const [releasing, setReleasing] = useState<DesignRow | null>(null);
  const [linking, setLinking] = useState<DesignRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [previewing, setPreviewing] = useState<DesignRow | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: webDesignKeys.list });

  const downloadCode = (row: DesignRow) =>
    webDesignApi
      .downloadCode(row.id)
      .then((result) => {
        if (result.data?.url) downloadFile(result.data);
      })
      .catch((error: unknown) => {
        if (!wasNotified(error)) feedback.error(failureMessage(error));
      });

  return (
    <CrudList<DesignRow, DesignFilters>
      {...DESIGN_LIST}
      title={t('title')}
      showIndex
      columns={columns}
      tail={DESIGN_TAIL}
      remove={(row) => webDesignApi.remove(row.id)}
      more={(row, { confirm }) => [
        { key: 'release', label: t('release'), code: 'btn_edit', onClick: () => setReleasing(row) },
        { key: 'link', label: linkText('action'), code: 'btn_edit', onClick: () => setLinking(row) },
        {
          key: 'preview',
          label: t('preview'),
          onClick: () => navigateTo(`/previewModel?id=${encodeURIComponent(row.id)}`),
        },
        {
          key: 'copy',
          label: t('copy'),
          code: 'btn_add',
          onClick: () => confirm(t('copyTip'), { action: () => webDesignApi.copy(row.id), onDone: refresh }),
        },
        {
          key: 'export',
          label: t('exportDesign'),
          onClick: () =>
            confirm(t('exportTip'), {
              action: () => webDesignApi.exportDesign(row.id),
              onDone: (result) => {
                const file = result.data as DownloadVO | undefined;
                if (file?.url) downloadFile(file);
              },
            }),
        },
        { key: 'codePreview', label: t('codePreview'), onClick: () => setPreviewing(row) },
        {
          key: 'downloadCode',
          label: t('downloadCode'),
          onClick: () =>
            confirm(t('downloadCodeTip'), {
              action: () => webDesignApi.downloadCode(row.id),
              onDone: (result) => {
                const file = result.data as DownloadVO | undefined;
                if (file?.url) downloadFile(file);
              },
            }),
        },
      ]}
      toolbar={
        <Auth code="btn_add">
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('importDesign')}
          </Button>
        </Auth>
      }
      filters={(table) => <CategoryFilter table={table} categories={categories} />}
      renderForm={(slot) =>
        slot.id ? (
          // 编辑 opens the designer on the design; closing it reloads the list
          slot.open && (
            <Suspense fallback={null}>
              <Designer key={slot.id} target={{ id: slot.id }} onClose={slot.onSaved} onSaved={refresh} />
            </Suspense>
          )
        ) : (
          <NewDesignDialog
            open={slot.open}
            onClose={slot.onClose}
            onNext={(base) => {
              slot.onClose();
              setCreating({ base, session: Date.now() });
            }}
          />
        )
      }
    >
      {() => (
        <>
          {creating && (
            <Suspense fallback={null}>
              <Designer
                key={creating.session}
                target={{ base: creating.base }}
                onClose={() => {
                  setCreating(null);
                  refresh();
                }}
                onSaved={refresh}
              />
            </Suspense>
          )}
          <ShortLinkDialog row={linking} onClose={() => setLinking(null)} />
          <CodePreviewDialog row={previewing} onClose={() => setPreviewing(null)} onDownload={downloadCode} />
          <ImportDialog
            open={importing}
            onClose={() => setImporting(false)}
            title={t('importTitle')}
            url={webDesignApi.importUrl}
            accept=".json"
            modeLabels={{ label: t('importMode'), skip: t('importRefuse'), append: t('importCopy') }}
            onImported={refresh}
          />
          <ReleaseDialog
            row={releasing}
            onClose={() => setReleasing(null)}
            onReleased={() => {
              setReleasing(null);
              refresh();
            }}
          />
        </>
      )}
    </CrudList>
  );
}

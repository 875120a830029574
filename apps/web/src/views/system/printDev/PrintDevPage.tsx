// The print-template screen: a paged list filtered by keyword, category (printDev dictionary) and state; add,
// edit, delete and the state toggle confirmed; in 更多: copy (confirmed), export, the print preview of chosen
// records and the print log; import.
import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { exportAndDownload, ImportDialog, kitTexts, useDictionary } from '../../../components/admin';
import { CrudList } from '../../../components/crud/CrudList';
import { FilterSelect } from '../../../components/crud/FilterSelect';
import { Auth } from '../../../platform/auth/Auth';
import { printDevApi, printDevKeys, type TemplateRow } from './api';
import { PreviewLauncher } from './PreviewLauncher';
import { PrintLogDrawer } from './PrintLogDrawer';
import { TemplateForm } from './TemplateForm';
import { texts } from './texts';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

interface Filters extends Record<string, string> {
  category: string;
}

export default function PrintDevPage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const categories = useDictionary('printDev');
  const [importing, setImporting] = useState(false);
  const [logOf, setLogOf] = useState<TemplateRow>();
  const [previewOf, setPreviewOf] = useState<TemplateRow>();

  return (
    <CrudList<TemplateRow, Filters>
      queryKey={printDevKeys.list}
      url={printDevApi.listUrl}
      initialFilters={{ category: '' }}
      title={t('title')}
      showIndex
      columns={[
        { title: t('fullName'), dataIndex: 'fullName', width: 200, ellipsis: true },
        { title: t('enCode'), dataIndex: 'enCode', width: 160, ellipsis: true },
        { title: t('category'), dataIndex: 'category', width: 120, ellipsis: true },
        {
          title: t('type'),
          dataIndex: 'type',
          width: 100,
          render: (value: number) => (value === 1 ? t('type1') : t('type2')),
        },
        { title: t('creatorUser'), dataIndex: 'creatorUser', width: 140, ellipsis: true },
      ]}
      tail={{
        creatorTime: {
          title: t('creatorTime'),
          width: 165,
          render: (value: number | null) => (value ? dayjs(value).format(DATE_TIME) : ''),
        },
        sortCode: { title: t('sortCode'), width: 80 },
        state: { title: t('enabledMark'), fixed: 'right' },
      }}
      filters={(table) => (
        <FilterSelect
          table={table}
          name="category"
          label={t('category')}
          all={t('allCategories')}
          width={180}
          loading={categories.isLoading}
          options={categories.items.map((c) => ({ value: c.enCode, label: c.fullName }))}
        />
      )}
      toggle={(row) => printDevApi.toggle(row.id)}
      remove={(row) => printDevApi.remove(row.id)}
      more={(row, { confirm, refresh }) => [
        {
          key: 'copy',
          label: t('copy'),
          code: 'btn_copy',
          onClick: () => confirm(t('copyTip'), { action: () => printDevApi.copy(row.id), onDone: refresh }),
        },
        {
          key: 'export',
          label: k('export'),
          code: 'btn_export',
          onClick: () => void exportAndDownload(printDevApi.exportUrl(row.id)),
        },
        { key: 'preview', label: t('previewAction'), onClick: () => setPreviewOf(row) },
        { key: 'log', label: t('log'), onClick: () => setLogOf(row) },
      ]}
      toolbar={
        <Auth code="btn_import">
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {k('import')}
          </Button>
        </Auth>
      }
      renderForm={(slot) => <TemplateForm {...slot} />}
    >
      {(table) => (
        <>
          <ImportDialog
            open={importing}
            onClose={() => setImporting(false)}
            title={t('importTitle')}
            url={printDevApi.importUrl}
            accept=".bpd"
            onImported={() => void table.refresh()}
          />
          <PrintLogDrawer row={logOf} onClose={() => setLogOf(undefined)} />
          <PreviewLauncher row={previewOf} onClose={() => setPreviewOf(undefined)} />
        </>
      )}
    </CrudList>
  );
}

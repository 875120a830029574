// The number-rule screen: a paged list with keyword and category filters, add, edit, delete, the state
// toggle, import and export (its columns and filter in data.tsx).
import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { exportAndDownload, ImportDialog, kitTexts } from '../../../components/admin';
import { CrudList } from '../../../components/crud/CrudList';
import { Auth } from '../../../platform/auth/Auth';
import { billRuleApi, type RuleRow } from '../../../components/billRule/api';
import { CategoryFilter, RULE_LIST, useRuleColumns, useRuleTail, type RuleFilters } from './data';
import { RuleForm } from '../../../components/billRule/RuleForm';
import { texts } from '../../../components/billRule/texts';

export default function BillRulePage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const columns = useRuleColumns();
  const tail = useRuleTail();
  const [importing, setImporting] = useState(false);

  return (
    <CrudList<RuleRow, RuleFilters>
      {...RULE_LIST}
      title={t('title')}
      columns={columns}
      tail={tail}
      toggle={(row) => billRuleApi.toggle(row.id)}
      remove={(row) => billRuleApi.remove(row.id)}
      filters={(table) => <CategoryFilter table={table} />}
      showIndex
      more={(row) => [
        {
          key: 'export',
          label: k('export'),
          code: 'btn_export',
          onClick: () => void exportAndDownload(billRuleApi.exportUrl(row.id)),
        },
      ]}
      toolbar={
        <Auth code="btn_import">
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {k('import')}
          </Button>
        </Auth>
      }
      renderForm={(slot) => <RuleForm {...slot} />}
    >
      {(table) => (
        <ImportDialog
          open={importing}
          onClose={() => setImporting(false)}
          title={t('importTitle')}
          url={billRuleApi.importUrl}
          accept=".bb"
          onImported={() => void table.refresh()}
        />
      )}
    </CrudList>
  );
}

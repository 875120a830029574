// The user screen: the organisation tree on the left filters a paged user list (keyword, 性别 and 状态 beside it,
// 20/50/100/500) on the list frame (its columns and filters in data.tsx); add, edit and delete in the row, and
// under 更多 enable/disable, reset password, unlock and the work handover; export and the three-step import in the
// toolbar; each behind its button permission.
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { kitTexts } from '../../../components/admin';
import { CrudList } from '../../../components/crud/CrudList';
import { OrgTree } from '../../../components/directory/OrgTree';
import { Auth } from '../../../platform/auth/Auth';
import { userApi, type UserRow } from './api';
import { USER_LIST, useExportLabel, UserFilterSelects, useUserColumns, useUserTail, type UserFilters } from './data';
import { ImportWizard } from './ImportWizard';
import { ExportDialog, HandoverDialog, ResetPasswordDialog } from './UserDialogs';
import { UserForm } from './UserForm';
import { texts } from './texts';

export default function UserPage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const columns = useUserColumns();
  const tail = useUserTail();
  const exportLabel = useExportLabel();
  const [resetting, setResetting] = useState<UserRow>();
  const [handingOver, setHandingOver] = useState<UserRow>();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  return (
    <CrudList<UserRow, UserFilters>
      {...USER_LIST}
      title={t('title')}
      showIndex
      columns={columns}
      tail={tail}
      // a locked user counts as enabled: the toggle disables it
      enabledOf={(row) => row.enabledMark !== 0}
      toggle={(row) => userApi.toggle(row.id)}
      remove={(row) => userApi.remove(row.id)}
      more={(row, { confirm, refresh }) => [
        { key: 'reset', label: t('resetPassword'), code: 'btn_resetPassword', onClick: () => setResetting(row) },
        row.enabledMark === 2 && {
          key: 'unlock',
          label: t('unlock'),
          code: 'btn_unlock',
          onClick: () => confirm(t('unlockTip'), { action: () => userApi.unlock(row.id), onDone: refresh }),
        },
        { key: 'handover', label: t('handover'), code: 'btn_handover', onClick: () => setHandingOver(row) },
      ]}
      filters={(table) => <UserFilterSelects table={table} />}
      side={(table) => (
        <OrgTree selectedId={table.filters.organizeId} onSelect={(id) => table.setFilter('organizeId', id)} />
      )}
      toolbar={
        <>
          <Auth code="btn_import">
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {k('import')}
            </Button>
          </Auth>
          <Auth code="btn_export">
            <Button icon={<DownloadOutlined />} onClick={() => setExporting(true)}>
              {k('export')}
            </Button>
          </Auth>
        </>
      }
      renderForm={(slot) => <UserForm {...slot} />}
    >
      {(table) => {
        const refresh = () => void table.refresh();
        const pagination = table.tableProps.pagination || undefined;
        return (
          <>
            <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} />
            <HandoverDialog
              user={handingOver}
              onClose={() => setHandingOver(undefined)}
              onDone={() => {
                setHandingOver(undefined);
                refresh();
              }}
            />
            <ImportWizard open={importing} onClose={() => setImporting(false)} onImported={refresh} />
            <ExportDialog
              open={exporting}
              onClose={() => setExporting(false)}
              columnLabel={exportLabel}
              query={{
                keyword: table.keyword,
                organizeId: table.filters.organizeId,
                gender: table.filters.gender,
                enabledMark: table.filters.enabledMark,
                currentPage: pagination?.current ?? 1,
                pageSize: pagination?.pageSize ?? 20,
              }}
            />
          </>
        );
      }}
    </CrudList>
  );
}

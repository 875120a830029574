// The list page of a function (webType 2): the search panel (searchList), a paged sortable table
// (columnList), the toolbar buttons (btnsList: add, batchRemove, download, upload — the shared import wizard) and the row buttons
// (columnBtnsList: edit, detail, remove). A button shows only when the user holds btn_<value> on this
// menu, unless the design switches button permission off; the designer's preview shows them all. With form
// permission on, the record popups show only the fields the user holds on this menu (formPermission.ts).
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  buttonCode,
  ROW_BUTTONS,
  TOOLBAR_BUTTONS,
  type ButtonItem,
  type ColumnDataJson,
  type FormDataJson,
} from '@jnpf/core';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { AdminPage, Panel, Toolbar } from '../../components/admin/AdminPage';
import { kitTexts } from '../../components/admin/texts';
import { SheetImportWizard } from '../../components/sheetImport';
import { useConfirmAction } from '../../components/admin/useConfirmAction';
import { feedback } from '../../platform/feedback';
import { hasPermission } from '../../platform/permission';
import { useSession } from '../../platform/session';
import { modelApi, type ModelRow } from './api';
import { ExportDialog } from './ExportDialog';
import { usePermittedForm } from './formPermission';
import { dataColumns, listTableProps } from './listTable';
import { initialSearchOf } from './model';
import { ModelSearch } from './ModelSearch';
import { RecordDetailPopup } from './RecordDetailPopup';
import { RecordFormPopup } from './RecordFormPopup';
import { texts } from './texts';
import { useModelList } from './useModelList';

export interface ModelListProps {
  modelId: string;
  menuId: string;
  /** the designer's preview: every configured button shows */
  preview: boolean;
  title: string;
  formData: FormDataJson;
  columnData: ColumnDataJson;
}

const TOOLBAR_ICONS: Readonly<Record<string, ReactNode>> = {
  add: <PlusOutlined />,
  download: <DownloadOutlined />,
  upload: <UploadOutlined />,
  batchRemove: <DeleteOutlined />,
};
const BUTTON_WIDTH = 56;

/** The buttons of a list the user may use, in the design's order; values this version does not build drop. */
function usableButtons(
  items: readonly ButtonItem[],
  known: readonly string[],
  allowed: (value: string) => boolean,
): ButtonItem[] {
  return items.filter((item) => known.includes(item.value) && allowed(item.value));
}

export function ModelList({ modelId, menuId, preview, title, formData, columnData }: ModelListProps) {
  const t = texts.useText();
  const k = kitTexts.useText();
  const permissionList = useSession((state) => state.permissionList);
  const { confirmDelete, confirm, holder } = useConfirmAction();
  const [initialSearch] = useState(() => initialSearchOf(columnData.searchList));
  const list = useModelList({ modelId, menuId, columnData, initialQuery: initialSearch });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const { refresh } = list;
  const permitted = usePermittedForm(formData, menuId, columnData.useFormPermission === true && !preview);

  const allowed = useCallback(
    (value: string) =>
      preview ||
      columnData.useBtnPermission === false ||
      hasPermission(permissionList, menuId, 'button', buttonCode(value)),
    [preview, columnData.useBtnPermission, permissionList, menuId],
  );
  const toolbar = usableButtons(columnData.btnsList, TOOLBAR_BUTTONS, allowed);
  const rowButtons = usableButtons(columnData.columnBtnsList, ROW_BUTTONS, allowed);
  const batchRemove = toolbar.some((item) => item.value === 'batchRemove');

  // with column permission on, the columns the user was not granted are not shown (nor sent by the server)
  const shownColumns = useMemo(
    () =>
      columnData.useColumnPermission && !preview
        ? columnData.columnList.filter((column) => hasPermission(permissionList, menuId, 'column', column.prop))
        : columnData.columnList,
    [columnData, preview, permissionList, menuId],
  );

  const labelOf = (item: ButtonItem) =>
    item.label || t(item.value as 'add' | 'download' | 'upload' | 'batchRemove' | 'edit' | 'remove' | 'detail');

  const onToolbar = (value: string) => {
    if (value === 'add') setEditing({});
    else if (value === 'download') setExporting(true);
    else if (value === 'upload') setImporting(true);
    else if (value === 'batchRemove') {
      if (selected.length === 0) {
        feedback.error(t('selectRows'));
        return;
      }
      const ids = selected;
      confirm(t('batchRemoveTip'), {
        action: () => modelApi.batchRemove(modelId, ids),
        onDone: () => {
          setSelected([]);
          void refresh();
        },
      });
    }
  };

  const onRow = (value: string, row: ModelRow) => {
    if (value === 'edit') setEditing({ id: row.id });
    else if (value === 'detail') setViewing(row.id);
    else if (value === 'remove')
      confirmDelete({
        action: () => modelApi.remove(modelId, row.id),
        onDone: () => {
          setSelected((keys) => keys.filter((key) => key !== row.id));
          void refresh();
        },
      });
  };

  const { sidx, sort } = list.state;
  const columns: TableColumnsType<ModelRow> = [
    ...dataColumns(shownColumns, sidx, sort),
    ...(rowButtons.length
      ? [
          {
            key: '__actions',
            title: k('actions'),
            fixed: 'right' as const,
            width: rowButtons.length * BUTTON_WIDTH + 16,
            render: (_value: unknown, row: ModelRow) => (
              <Space size={0}>
                {rowButtons.map((item) => (
                  <Button
                    key={item.value}
                    type="link"
                    size="small"
                    danger={item.value === 'remove'}
                    onClick={() => onRow(item.value, row)}
                  >
                    {labelOf(item)}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <AdminPage>
      {holder}
      {columnData.searchList.length > 0 && (
        <Panel>
          <ModelSearch searchList={columnData.searchList} initialValues={initialSearch} onSearch={list.search} />
        </Panel>
      )}
      <Panel grow>
        <Toolbar
          left={title}
          right={
            <Space size={8} wrap>
              {toolbar.map((item) => (
                <Button
                  key={item.value}
                  type={item.value === 'add' ? 'primary' : 'default'}
                  danger={item.value === 'batchRemove'}
                  icon={TOOLBAR_ICONS[item.value]}
                  onClick={() => onToolbar(item.value)}
                >
                  {labelOf(item)}
                </Button>
              ))}
            </Space>
          }
        />
        <Table<ModelRow>
          {...listTableProps(list, { total: (total) => k('total', { total }) })}
          columns={columns}
          rowSelection={
            batchRemove
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), fixed: true }
              : undefined
          }
        />
      </Panel>
      {editing && (
        <RecordFormPopup
          modelId={modelId}
          formData={permitted.formData}
          allowField={permitted.allowField}
          recordId={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      )}
      {viewing && (
        <RecordDetailPopup
          modelId={modelId}
          formData={permitted.formData}
          allowField={permitted.allowField}
          recordId={viewing}
          onClose={() => setViewing(null)}
        />
      )}
      <SheetImportWizard
        open={importing}
        base={modelApi.importBase(modelId)}
        onClose={() => setImporting(false)}
        onImported={() => void refresh()}
      />
      {exporting && (
        <ExportDialog modelId={modelId} columns={shownColumns} body={list.body} onClose={() => setExporting(false)} />
      )}
    </AdminPage>
  );
}

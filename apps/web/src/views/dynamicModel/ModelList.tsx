// The list page of a function (webType 2): the search panel (searchList), a paged sortable table
// (columnList), the toolbar buttons (btnsList: add, batchRemove, download, upload — the shared import wizard) and the row buttons
// (columnBtnsList: edit, detail, remove); batchPrint prints the selected rows with the list's templates
// (columnData.printIds: one goes straight to the preview, several are offered to pick from). A button shows only when the user holds btn_<value> on this
// menu, unless the design switches button permission off; the designer's preview shows them all. With form
// permission on, the record popups show only the fields the user holds on this menu (formPermission.ts).
// Columns sit under their complex headers (complexHeaderList, listHeaders.ts). The 合计 row (showSummary) sums the
// records of the page shown, as the reference does, not every record the search finds: for a grouped list the
// rows of every group on the page in one row, for an editable list the rows as their cells hold them while
// edited, for a tree table the levels read so far. Only the columns shown are summed (a column withheld by column
// permission never shows a total), and a masked field never.
import { DeleteOutlined, DownloadOutlined, PlusOutlined, PrinterOutlined, UploadOutlined } from '@ant-design/icons';
import {
  buttonCode,
  dataFields,
  isSubTableKey,
  listTypeOf,
  ROW_BUTTONS,
  subTableColumns,
  TOOLBAR_BUTTONS,
  type ButtonItem,
  type ColumnDataJson,
  type ColumnItem,
  type FormDataJson,
} from '@jnpf/core';
import { Button, Form, Space, Table, type TableColumnsType } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { AdminPage, Panel, Toolbar } from '../../components/admin/AdminPage';
import { kitTexts } from '../../components/admin/texts';
import { PrintLauncher } from '../../components/print/PrintLauncher';
import { PRINT_BATCH_MAX } from '../../components/print/printApi';
import { printTexts } from '../../components/print/texts';
import { SheetImportWizard } from '../../components/sheetImport';
import { useConfirmAction } from '../../components/admin/useConfirmAction';
import { feedback } from '../../platform/feedback';
import { hasPermission } from '../../platform/permission';
import { useSession } from '../../platform/session';
import { modelApi, type ModelRow } from './api';
import { ExportDialog } from './ExportDialog';
import { usePermittedForm } from './formPermission';
import { headerColumns, pageRecords } from './listHeaders';
import { summaryOf, thousandsOf } from './ListSummaryRow';
import { dataColumnMap, listTableProps } from './listTable';
import { ListTreeSide } from './ListTreeSide';
import { initialSearchOf } from './model';
import { ModelSearch } from './ModelSearch';
import { RecordDetailPopup } from './RecordDetailPopup';
import { RecordFormPopup } from './RecordFormPopup';
import { NEW_ROW, useRowEditing } from './rowEditing';
import { texts } from './texts';
import { isPlaceholder, useTreeLevels } from './treeLevels';
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
  batchPrint: <PrinterOutlined />,
};
const BUTTON_WIDTH = 56;
const EMPTY_ROWS: ModelRow[] = [];

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
  const p = printTexts.useText();
  const permissionList = useSession((state) => state.permissionList);
  const { confirmDelete, confirm, holder } = useConfirmAction();
  const [initialSearch] = useState(() => initialSearchOf(columnData.searchList));
  const list = useModelList({ modelId, menuId, columnData, initialQuery: initialSearch });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [printing, setPrinting] = useState<string[] | null>(null);
  const { refresh } = list;
  const permitted = usePermittedForm(formData, menuId, columnData.useFormPermission === true && !preview);
  const listType = listTypeOf(columnData);
  const editable = listType === 4;
  const groupField = listType === 3 ? (columnData.groupField ?? '') : '';
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const levels = useTreeLevels(modelId, list.body, listType === 5 ? list.rows : EMPTY_ROWS);

  const allowed = useCallback(
    (value: string) =>
      preview ||
      columnData.useBtnPermission === false ||
      hasPermission(permissionList, menuId, 'button', buttonCode(value)),
    [preview, columnData.useBtnPermission, permissionList, menuId],
  );
  const toolbar = usableButtons(columnData.btnsList, TOOLBAR_BUTTONS, allowed);
  const rowButtons = usableButtons(columnData.columnBtnsList, ROW_BUTTONS, allowed);
  // rows are selectable when a toolbar button works on the selection
  const selectable = toolbar.some((item) => item.value === 'batchRemove' || item.value === 'batchPrint');

  // with column permission on, the columns the user was not granted are not shown (nor sent by the server)
  const shownColumns = useMemo(
    () =>
      columnData.useColumnPermission && !preview
        ? columnData.columnList.filter((column) => hasPermission(permissionList, menuId, 'column', column.prop))
        : columnData.columnList,
    [columnData, preview, permissionList, menuId],
  );

  // the sub-tables' columns the form shows, offered to the export as "<table>-<column>"
  const subColumns = useMemo(
    () =>
      dataFields(permitted.formData.fields)
        .filter((field) => isSubTableKey(field.__config__.jnpfKey))
        .flatMap((table) =>
          subTableColumns(table).map((column) => ({
            value: `${table.__vModel__}-${column.__vModel__}`,
            label: `${table.__config__.label ?? ''}-${column.__config__.label ?? ''}`,
          })),
        ),
    [permitted.formData],
  );

  // the fields the summary never sums: their text is masked
  const masked = useMemo(
    () =>
      new Set(
        dataFields(formData.fields)
          .filter((field) => field.useMask === true)
          .map((field) => field.__vModel__),
      ),
    [formData],
  );
  const thousands = useMemo(() => thousandsOf(shownColumns, columnData), [shownColumns, columnData]);
  // masked fields are read (and so searched) in clear only by those who may edit (the server's rule)
  const readsMasked = !preview && !hasPermission(permissionList, menuId, 'button', buttonCode('edit'));

  const rows = useRowEditing({
    modelId,
    formData: permitted.formData,
    columns: shownColumns,
    allowField: permitted.allowField,
    onSaved: () => void refresh(),
  });
  const adding = toolbar.some((item) => item.value === 'add');

  const labelOf = (item: ButtonItem) =>
    item.label ||
    t(item.value as 'add' | 'download' | 'upload' | 'batchRemove' | 'batchPrint' | 'edit' | 'remove' | 'detail');

  const onToolbar = (value: string) => {
    if (value === 'add') {
      if (editable) rows.startNew();
      else setEditing({});
    } else if (value === 'download') setExporting(true);
    else if (value === 'upload') setImporting(true);
    else if (value === 'batchPrint') {
      if (preview) feedback.error(p('previewUnsupported'));
      else if (selected.length === 0) feedback.error(t('selectRows'));
      else if (selected.length > PRINT_BATCH_MAX) feedback.error(p('tooMany', { max: PRINT_BATCH_MAX }));
      else setPrinting(selected);
    } else if (value === 'batchRemove') {
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
    if (value === 'edit') {
      if (editable) void rows.start(row);
      else setEditing({ id: row.id });
    } else if (value === 'detail') setViewing(row.id);
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
  const byProp = dataColumnMap(shownColumns, sidx, sort, thousands);
  // group rows span the data columns with their value; a level not read yet says so in its first cell
  const leaf = (item: ColumnItem): ColumnType<ModelRow> => {
    const column = byProp.get(item.prop)!;
    const prop = item.prop;
    const render = column.render as (value: unknown, row: ModelRow, index: number) => ReactNode;
    const isFirst = () => layout.order[0] === prop;
    return {
      ...column,
      onCell: (row: ModelRow) => (row.top === true ? { colSpan: isFirst() ? layout.order.length : 0 } : {}),
      render: (value: unknown, row: ModelRow, index: number) => {
        if (row.top === true)
          return t('groupCount', {
            label: String(row[groupField] ?? '') || t('emptyGroup'),
            count: Array.isArray(row.children) ? row.children.length : 0,
          });
        if (isPlaceholder(row)) return isFirst() ? t('loadingChildren') : null;
        return editable ? rows.cell(prop, row, render(value, row, index)) : render(value, row, index);
      },
    };
  };
  const layout = headerColumns<ModelRow>(shownColumns, columnData.complexHeaderList, leaf);
  const hasActions = rowButtons.length > 0 || (editable && (rowButtons.some((b) => b.value === 'edit') || adding));
  const columns: TableColumnsType<ModelRow> = [
    ...layout.columns,
    ...(hasActions
      ? [
          {
            key: '__actions',
            title: k('actions'),
            fixed: 'right' as const,
            width: Math.max(2, rowButtons.length) * BUTTON_WIDTH + 16,
            render: (_value: unknown, row: ModelRow) =>
              row.top === true || isPlaceholder(row) ? null : editable && rows.editing === row.id ? (
                <Space size={0}>
                  <Button type="link" size="small" loading={rows.saving} onClick={() => void rows.save()}>
                    {t('save')}
                  </Button>
                  <Button type="link" size="small" disabled={rows.saving} onClick={rows.cancel}>
                    {t('cancel')}
                  </Button>
                </Space>
              ) : (
                <Space size={0}>
                  {rowButtons.map((item) => (
                    <Button
                      key={item.value}
                      type="link"
                      size="small"
                      danger={item.value === 'remove'}
                      loading={item.value === 'edit' && rows.loading === row.id}
                      disabled={editable && (rows.editing !== null || rows.loading !== null)}
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
  const tableProps = listTableProps(list, { total: (total) => k('total', { total }) });
  const newRow: ModelRow = { id: NEW_ROW };
  const dataSource =
    listType === 5 ? levels.data : editable && rows.editing === NEW_ROW ? [newRow, ...list.rows] : list.rows;
  const table = (
    <Table<ModelRow>
      {...tableProps}
      dataSource={dataSource}
      columns={columns}
      summary={summaryOf<ModelRow>({
        options: columnData,
        records: columnData.showSummary === true ? pageRecords(dataSource, isPlaceholder).map(rows.current) : [],
        shown: shownColumns,
        masked,
        order: layout.order,
        selection: selectable,
        actions: hasActions,
      })}
      rowSelection={
        selectable
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(String).filter((key) => !key.startsWith('group:'))),
              getCheckboxProps: (row) => ({ disabled: row.top === true || isPlaceholder(row) || row.id === NEW_ROW }),
              fixed: true,
            }
          : undefined
      }
      expandable={
        listType === 5
          ? { expandedRowKeys: levels.expanded, onExpand: levels.onExpand }
          : listType === 3
            ? {
                expandedRowKeys: list.rows.filter((r) => !collapsed.has(r.id)).map((r) => r.id),
                onExpand: (open, row) =>
                  setCollapsed((keys) => {
                    const next = new Set(keys);
                    if (open) next.delete(row.id);
                    else next.add(row.id);
                    return next;
                  }),
              }
            : undefined
      }
    />
  );

  const side =
    listType === 2 ? (
      <ListTreeSide
        modelId={modelId}
        columnData={columnData}
        selectedId={list.state.node?.value}
        onSelect={(id) =>
          list.chooseNode(id === undefined ? undefined : { prop: columnData.treeRelation ?? '', value: id })
        }
      />
    ) : undefined;

  return (
    <AdminPage side={side}>
      {holder}
      {columnData.searchList.length > 0 && (
        <Panel>
          <ModelSearch
            searchList={columnData.searchList}
            initialValues={initialSearch}
            exactProps={readsMasked ? masked : undefined}
            onSearch={list.search}
          />
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
        {editable ? (
          <Form form={rows.form} component={false}>
            {table}
          </Form>
        ) : (
          table
        )}
      </Panel>
      {editing && (
        <RecordFormPopup
          modelId={modelId}
          formData={permitted.formData}
          allowField={permitted.allowField}
          recordId={editing.id}
          menuId={menuId}
          preview={preview}
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
          menuId={menuId}
          preview={preview}
          onClose={() => setViewing(null)}
        />
      )}
      <PrintLauncher
        open={printing !== null}
        templateIds={columnData.printIds ?? []}
        recordIds={printing ?? []}
        printTitle={title}
        menuId={menuId}
        onClose={() => setPrinting(null)}
      />
      <SheetImportWizard
        open={importing}
        base={modelApi.importBase(modelId)}
        onClose={() => setImporting(false)}
        onImported={() => void refresh()}
      />
      {exporting && (
        <ExportDialog
          modelId={modelId}
          columns={shownColumns}
          subColumns={subColumns}
          body={list.body}
          onClose={() => setExporting(false)}
        />
      )}
    </AdminPage>
  );
}

// The sub-table (设计子表): a row table with a selection column, the serial number, one column per designed field (each
// cell the field's own widget), copy and delete on each row, and add and batch delete below; a total row sums the
// listed number columns. Its value is the list of rows. Once the form has checked it, the cells that are not accepted
// are marked, each with its message, and only those: the table's refusal is not passed on to every cell's control
// as a form item's would be. A cell is refused by the table's own rules or by the server's answer to a save (which
// names the refused cell beside its message). From SUB_TABLE_VIRTUAL_FROM rows on, the table mounts only the rows in view (antd's virtual table, its
// rows area SUB_TABLE_VIRTUAL_HEIGHT high, the total row fixed below it): the form checks the rows' values, not their
// cells, so a row out of view is checked all the same, and a refused submit scrolls the first refused row into view
// (as adding a row scrolls to it).
// SubTableDetail shows the rows read-only.
import { DeleteOutlined, PlusOutlined, SelectOutlined } from '@ant-design/icons';
import {
  chooserCopiedFields,
  subTableChooserOf,
  subTableColumns,
  type FieldConfig,
  type SubTableChooser,
} from '@jnpf/core';
import { Button, Form, Popconfirm, Space, Table, type TableColumnsType, type TableRef } from 'antd';
import type { ColumnType } from 'antd/es/table';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { refusedCellsOf } from '../components/admin/serverErrors';
import { headerColumns } from '../components/table/headerColumns';
import { feedback } from '../platform/feedback';
import { popupConfig, usePopupParams, type InterfaceRow, type PopupConfig } from './popup/popupData';
import { PopupChooser } from './popup/PopupChooser';
import { widgetOf } from './registry';
import { SubTableName, SubTableRowIndex, SubTableRowScope, SubTableRowValues } from './rowContext';
import { ShownValuesContext, useShownValues } from './shownValues';
import {
  cellProblems,
  columnPlacement,
  columnWidthOf,
  footerButtons,
  rowButtons,
  rowsFromChosen,
  firstRefusedRow,
  newRow,
  rowsOf,
  SUB_TABLE_ACTIONS_WIDTH,
  SUB_TABLE_SERIAL_WIDTH,
  SUB_TABLE_VIRTUAL_FROM,
  SUB_TABLE_VIRTUAL_HEIGHT,
  subTableWidth,
  totals,
  type Row,
  type RowProblem,
} from './subTable';
import styles from './SubTable.module.css';
import { widgetTexts } from './texts';
import type { InputWidgetProps } from './types';
import { displayText } from './values';

const NO_TEXTS: Readonly<Record<string, unknown>> = {};

let lastKey = 0;
const freshKey = () => `row${(lastKey += 1)}`;

/** stable React keys for the rows: kept in step with the operations, renewed when the value is replaced */
function useRowKeys(count: number) {
  const keys = useRef<string[]>([]);
  if (keys.current.length !== count)
    keys.current = Array.from({ length: count }, (_, i) => keys.current[i] ?? freshKey());
  return keys;
}

function ColumnTitle({ column }: { column: FieldConfig }) {
  const required = column.__config__.required === true && column.__config__.jnpfKey !== 'switch';
  return <span className={required ? styles.required : undefined}>{column.__config__.label}</span>;
}

/**
 * the data columns as the header shows them: frozen ones (tableFixed) at their edge, the others under their complex
 * headers (the list's header builder); `ordered` the columns left to right, as the total row's cells follow them
 */
function layoutOf<T>(
  field: FieldConfig,
  columns: readonly FieldConfig[],
  leaf: (column: FieldConfig) => ColumnType<T>,
): { columns: TableColumnsType<T>; ordered: FieldConfig[]; frozenLeft: boolean } {
  const items = columns.map((column) => ({ prop: column.__vModel__, fixed: columnPlacement(column).fixed, column }));
  const edge = (fixed: unknown) => (fixed === 'left' ? 0 : fixed === 'right' ? 2 : 1);
  items.sort((a, b) => edge(a.fixed) - edge(b.fixed));
  const byProp = new Map(items.map((item) => [item.prop, item.column]));
  const layout = headerColumns<T, (typeof items)[number]>(items, field.__config__.complexHeaderList, (item) => {
    const { align, fixed } = columnPlacement(item.column);
    return { ...leaf(item.column), align, ...(fixed ? { fixed } : {}) };
  });
  return {
    columns: layout.columns,
    ordered: layout.order.map((prop) => byProp.get(prop)!),
    frozenLeft: items.some((item) => item.fixed === 'left'),
  };
}

/** the total row of the editable table: the rows as the store holds them now */
function LiveTotalRow({ store, ...props }: { store: RowStore } & Omit<Parameters<typeof TotalRow>[0], 'rows'>) {
  const rows = useSyncExternalStore(store.subscribe, () => store.rows);
  return <TotalRow {...props} rows={rows} />;
}

function TotalRow({
  field,
  rows,
  columns,
  lead,
  actions = false,
}: {
  field: FieldConfig;
  rows: Row[];
  columns: FieldConfig[];
  lead: number;
  actions?: boolean;
}) {
  const t = widgetTexts.useText();
  const sums = totals(field, rows);
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={lead}>
        {t('subTableTotal')}
      </Table.Summary.Cell>
      {columns.map((column, i) => (
        <Table.Summary.Cell key={column.__vModel__} index={lead + i} align={columnPlacement(column).align}>
          {sums[column.__vModel__] ?? ''}
        </Table.Summary.Cell>
      ))}
      {actions && <Table.Summary.Cell index={lead + columns.length} />}
    </Table.Summary.Row>
  );
}

/**
 * one cell: its column's widget with the row's contexts. Memoised, so a change in one cell renders that row's cells
 * again and not every cell of the table (a row keeps its object until one of its cells changes).
 */
const Cell = memo(function Cell({
  column,
  index,
  row,
  scope,
  shown,
  id,
  problem,
  disabled,
  onCell,
}: {
  column: FieldConfig;
  index: number;
  row: Row;
  scope: object;
  shown: Readonly<Record<string, unknown>>;
  id: string | undefined;
  problem: string | undefined;
  disabled: boolean;
  onCell: (index: number, vModel: string, cell: unknown) => void;
}) {
  const entry = widgetOf(column.__config__.jnpfKey);
  if (entry?.kind !== 'input') return null;
  const vModel = column.__vModel__;
  const control = (
    <div className={problem !== undefined ? styles.cellError : undefined} title={problem}>
      <SubTableRowIndex.Provider value={index}>
        <SubTableRowValues.Provider value={row}>
          <SubTableRowScope.Provider value={scope}>
            <ShownValuesContext.Provider value={shown}>
              <entry.Component
                field={column}
                id={id ? `${id}_${index}_${vModel}` : undefined}
                value={row[vModel]}
                onChange={(cell) => onCell(index, vModel, cell)}
                disabled={disabled}
              />
            </ShownValuesContext.Provider>
          </SubTableRowScope.Provider>
        </SubTableRowValues.Provider>
      </SubTableRowIndex.Provider>
    </div>
  );
  if (problem === undefined) return control;
  return (
    <>
      {control}
      <div className={styles.cellMessage}>{problem}</div>
    </>
  );
});

/**
 * a row's delete button, asking first. The confirmation exists only once asked for: 200 rows do not mount 200
 * popovers with the form.
 */
function RemoveRow({ confirm, label, onConfirm }: { confirm: string; label: string; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  const button = (
    <Button type="link" size="small" danger onClick={() => setAsking(true)}>
      {label}
    </Button>
  );
  if (!asking) return button;
  return (
    <Popconfirm title={confirm} open onOpenChange={setAsking} onConfirm={onConfirm} onCancel={() => setAsking(false)}>
      {button}
    </Popconfirm>
  );
}

function Frame({ field, children }: { field: FieldConfig; children: ReactNode }) {
  const config = field.__config__;
  const title = config.showTitle !== false && config.label;
  return (
    // full width also in the form's line, a flex row where a plain div shrinks to its content
    <div className={styles.frame} style={{ width: '100%' }} role="group" aria-label={config.label}>
      {title && <div className={`${styles.title} ${config.required ? styles.required : ''}`}>{config.label}</div>}
      {children}
    </div>
  );
}

/** the controls of a table row that Tab stops at, in order */
function controlsOf(row: HTMLElement): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>('input, button, textarea, select, [tabindex]')].filter(
    (control) => control.tabIndex >= 0 && !(control as HTMLInputElement).disabled,
  );
}

/** the rows' items by key, and who follows them: each cell reads its row here, not from the table's props */
interface RowStore {
  items: Map<string, Item>;
  rows: Row[];
  listeners: Set<() => void>;
  subscribe: (listener: () => void) => () => void;
}
function createRowStore(): RowStore {
  const listeners = new Set<() => void>();
  return {
    items: new Map(),
    rows: [],
    listeners,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** a cell of the row with this key: renders again when that row's item is replaced */
function Live({ store, rowKey, render }: { store: RowStore; rowKey: string; render: (item: Item) => ReactNode }) {
  const item = useSyncExternalStore(store.subscribe, () => store.items.get(rowKey));
  return item ? render(item) : null;
}

/** a row as the table holds it: the row and what its cells show beside it */
interface Item {
  row: Row;
  index: number;
  key: string;
  /** the same for every row: whether the table is off, its id and the texts */
  shared: {
    off: boolean;
    id: string | undefined;
    t: (key: 'subTableCopy' | 'subTableConfirmRemove' | 'subTableRemove') => string;
  };
  shown: Readonly<Record<string, unknown>>;
  scope: object;
  /** the row's problems as text, to tell whether they changed */
  mistakes: string;
  problems: readonly { column: string; message: string }[];
}

/** the popup chooser's config of the table's select-data dialog: many records, from an interface or a form */
function chooserPopupConfig(chooser: SubTableChooser, table: string): PopupConfig {
  const base = popupConfig({
    ...chooser.raw,
    __vModel__: table,
    __config__: { jnpfKey: 'popupSelect', label: '', formId: 0 },
  } as FieldConfig);
  const model = chooser.dataSource === 'model';
  return {
    ...base,
    multiple: true,
    interfaceId: chooser.interfaceId,
    formId: chooser.modelId,
    // a design's records carry only the columns asked for: the ones the rows copy too
    ...(model && { extraFields: chooserCopiedFields(chooser) }),
  };
}

function RowsChooser({
  open,
  chooser,
  table,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  chooser: SubTableChooser;
  table: string;
  onCancel: () => void;
  onConfirm: (records: InterfaceRow[]) => void;
}) {
  const { raw } = chooser;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the stored object stands for the whole chooser
  const config = useMemo(() => chooserPopupConfig(chooser, table), [raw, table]);
  const params = usePopupParams(config);
  return <PopupChooser open={open} config={config} params={params} onCancel={onCancel} onConfirm={onConfirm} />;
}

export function SubTableWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = widgetTexts.useText();
  const columns = useMemo(() => subTableColumns(field), [field]);
  const rows = rowsOf(value);
  const keys = useRowKeys(rows.length);
  const [selected, setSelected] = useState<string[]>([]);
  // cells are marked once the form has checked the table and found something; while it shows problems, each
  // change checks it again, so a fixed cell clears at once (a new row is not checked before the next submit)
  const { status, errors } = Form.Item.useStatus();
  const form = Form.useFormInstance();
  const problems: RowProblem[] = [];
  if (status === 'error') {
    problems.push(...cellProblems(field, rows, undefined, form.getFieldsValue(true) as Record<string, unknown>));
    // the cells the server refused (while the table shows its message): a cell the rules refuse keeps their message
    for (const cell of refusedCellsOf(form, field.__vModel__, errors)) {
      const column = cell.column ?? '';
      if (!problems.some((p) => p.row === cell.rowIndex && p.column === column))
        problems.push({ row: cell.rowIndex, column, message: cell.message });
    }
  }
  const change = (next: Row[]) => {
    onChange?.(next);
    if (status === 'error') setTimeout(() => void form.validateFields([field.__vModel__]).catch(() => undefined));
  };
  const off = disabled || field.disabled === true;
  // the rows as the server showed them when the form opened: a cell names what it holds from its row's texts
  // (a relation form's record); a cell whose value changed since is not named from them (its widget checks)
  const shown = useShownValues()[field.__vModel__];
  const shownRow = (index: number): Readonly<Record<string, unknown>> => {
    const row: unknown = Array.isArray(shown) ? shown[index] : undefined;
    return row && typeof row === 'object' ? (row as Record<string, unknown>) : NO_TEXTS;
  };

  // the rows as last changed: cells computed in the same moment (calculated cells, after their delay) each build
  // on the others' change rather than on the rows of their render
  const latest = useRef(rows);
  latest.current = rows;
  const commit = (next: Row[], nextKeys: string[]) => {
    keys.current = nextKeys;
    change(next);
  };
  const setCell = (index: number, vModel: string, cell: unknown) => {
    const next = latest.current.map((row, i) => (i === index ? { ...row, [vModel]: cell } : row));
    latest.current = next;
    change(next);
  };
  // one callback for every cell, so that a cell whose row did not change is not rendered again
  const setCellNow = useRef(setCell);
  setCellNow.current = setCell;
  const onCell = useCallback(
    (index: number, vModel: string, cell: unknown) => setCellNow.current(index, vModel, cell),
    [],
  );
  // a row added is shown: below a virtual table's view, it would not be in the page
  const reveal = useRef<string | null>(null);
  const add = () => {
    const key = freshKey();
    reveal.current = key;
    commit([...rows, newRow(columns)], [...keys.current, key]);
  };
  // the select-data dialog: a row per chosen record, its columns filled as the design maps them
  const footer = footerButtons(field).filter((b) => b.show);
  const batchRemoves = footer.some((b) => b.value === 'batchRemove');
  const chooser = subTableChooserOf(field);
  const [choosing, setChoosing] = useState(false);
  const addChosen = (records: InterfaceRow[]) => {
    if (!records.length) return;
    const added = rowsFromChosen(columns, records, chooser?.relationOptions ?? []);
    const addedKeys = added.map(() => freshKey());
    reveal.current = addedKeys.at(-1)!;
    commit([...latest.current, ...added], [...keys.current, ...addedKeys]);
  };
  const copy = (index: number) =>
    commit(
      [...rows.slice(0, index + 1), structuredClone(rows[index]!), ...rows.slice(index + 1)],
      [...keys.current.slice(0, index + 1), freshKey(), ...keys.current.slice(index + 1)],
    );
  const remove = (drop: (key: string) => boolean) => {
    const kept = keys.current.map((key, i) => ({ key, row: rows[i]! })).filter(({ key }) => !drop(key));
    commit(
      kept.map((k) => k.row),
      kept.map((k) => k.key),
    );
    setSelected((current) => current.filter((key) => !drop(key)));
  };
  // what a row's buttons call: the latest copy and remove, since a row not changed keeps its rendered cell
  const actionsNow = useRef({ copy, remove });
  actionsNow.current = { copy, remove };

  // one stable object per row: what a row's popup or relation cell picked, for its attribute cells
  const scopes = useRef(new Map<string, object>());
  const scopeOf = (key: string) => {
    let scope = scopes.current.get(key);
    if (!scope) scopes.current.set(key, (scope = {}));
    return scope;
  };
  if (scopes.current.size > rows.length)
    for (const key of scopes.current.keys()) if (!keys.current.includes(key)) scopes.current.delete(key);

  // one item per row, kept while nothing its cells show changed. The table itself holds only the rows' keys and
  // is rendered again only when rows come or go (or the selection, the columns …): a cell reads its row's item from
  // the store, so a keystroke renders that row's cells, not the table's 200 rows
  const shared = useMemo(() => ({ off, id, t }), [off, id, t]);
  const store = useRef<RowStore>(null);
  store.current ??= createRowStore();
  const { items } = store.current;
  rows.forEach((row, index) => {
    const key = keys.current[index]!;
    const own = problems.filter((p) => p.row === index);
    const mistakes = own.length ? JSON.stringify(own.map((p) => [p.column, p.message])) : '';
    const before = items.get(key);
    if (
      before &&
      before.row === row &&
      before.index === index &&
      before.shared === shared &&
      before.shown === shownRow(index) &&
      before.mistakes === mistakes
    )
      return;
    items.set(key, { row, index, key, shared, shown: shownRow(index), scope: scopeOf(key), mistakes, problems: own });
  });
  if (items.size > rows.length) for (const key of items.keys()) if (!keys.current.includes(key)) items.delete(key);
  store.current.rows = rows;
  const rowStore = store.current;
  useLayoutEffect(() => {
    for (const listener of rowStore.listeners) listener();
  });
  const keyList = keys.current.join(' ');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the slots follow the keys, listed in keyList
  const slots = useMemo(() => keys.current.map((key) => ({ key })), [keyList]);
  type Slot = (typeof slots)[number];
  const live = (render: (item: Item) => ReactNode) => (_: unknown, slot: Slot) => (
    <Live store={rowStore} rowKey={slot.key} render={render} />
  );

  // the columns stay while the table stays as it is: their cells render from the row item alone
  const buttons = rowButtons(field).filter((b) => b.show);
  const buttonKey = JSON.stringify(buttons);
  const { tableColumns, ordered, frozenLeft } = useMemo(() => {
    const data = layoutOf<Slot>(field, columns, (column) => {
      const vModel = column.__vModel__;
      return {
        title: <ColumnTitle column={column} />,
        key: vModel,
        width: columnWidthOf(column),
        render: live((item) => (
          <Cell
            column={column}
            index={item.index}
            row={item.row}
            scope={item.scope}
            shown={item.shown}
            id={item.shared.id}
            problem={item.problems.find((p) => p.column === vModel)?.message}
            disabled={item.shared.off}
            onCell={onCell}
          />
        )),
      };
    });
    const list: TableColumnsType<Slot> = [
      {
        title: t('subTableSerial'),
        key: 'serial',
        width: SUB_TABLE_SERIAL_WIDTH,
        align: 'center',
        ...(data.frozenLeft ? { fixed: 'left' as const } : {}),
        render: live((item) => item.index + 1),
      },
      ...data.columns,
    ];
    if (!off && buttons.length)
      list.push({
        title: t('subTableActions'),
        key: 'actions',
        width: SUB_TABLE_ACTIONS_WIDTH,
        fixed: 'right',
        render: (_, slot) => (
          <Space size={0}>
            {buttons.map((button) =>
              button.value === 'copy' ? (
                <Button
                  key="copy"
                  type="link"
                  size="small"
                  onClick={() => actionsNow.current.copy(keys.current.indexOf(slot.key))}
                >
                  {button.label || t('subTableCopy')}
                </Button>
              ) : (
                <RemoveRow
                  key="remove"
                  confirm={t('subTableConfirmRemove')}
                  label={button.label || t('subTableRemove')}
                  onConfirm={() => actionsNow.current.remove((key) => key === slot.key)}
                />
              ),
            )}
          </Space>
        ),
      });
    return { tableColumns: list, ordered: data.ordered, frozenLeft: data.frozenLeft };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- live reads only the store, which stays; buttons by buttonKey
  }, [field, columns, off, t, onCell, rowStore, buttonKey]);
  const withActions = !off && buttons.length > 0;

  const showSummary = field.__config__.showSummary === true && rows.length > 0;
  const width = subTableWidth(field, !off) - (off || buttons.length ? 0 : SUB_TABLE_ACTIONS_WIDTH);
  const virtual = rows.length >= SUB_TABLE_VIRTUAL_FROM;
  // a refused submit shows the first refused row: out of a virtual table's view, it is not in the page
  const tableRef = useRef<TableRef>(null);
  const firstProblem = firstRefusedRow(problems);
  const wasRefused = useRef(false);
  useEffect(() => {
    if (reveal.current && virtual) tableRef.current?.scrollTo({ key: reveal.current, align: 'end' });
    reveal.current = null;
  }, [slots, virtual]);
  useEffect(() => {
    const refused = firstProblem !== undefined;
    if (refused && !wasRefused.current && virtual) tableRef.current?.scrollTo({ index: firstProblem, align: 'start' });
    wasRefused.current = refused;
  }, [firstProblem, virtual]);
  // Shift+Tab from a virtual table's first row in the page: the row before is not in the page, so it is scrolled
  // to and its last control focused (Tab forward finds the next row in the page, one row below the view)
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!virtual || event.key !== 'Tab' || !event.shiftKey || !(event.target instanceof HTMLElement)) return;
    const row = event.target.closest<HTMLElement>('.ant-table-row');
    const index = keys.current.indexOf(row?.dataset.rowKey ?? '');
    if (!row || index <= 0 || controlsOf(row)[0] !== event.target) return;
    const before = keys.current[index - 1]!;
    const rowOf = () => event.currentTarget.querySelector<HTMLElement>(`.ant-table-row[data-row-key="${before}"]`);
    if (rowOf()) return;
    event.preventDefault();
    const frame = event.currentTarget;
    tableRef.current?.scrollTo({ index: index - 1, align: 'start' });
    let tries = 0;
    const focusBefore = () => {
      const shown = frame.querySelector<HTMLElement>(`.ant-table-row[data-row-key="${before}"]`);
      if (shown) controlsOf(shown).at(-1)?.focus();
      else if ((tries += 1) < 20) requestAnimationFrame(focusBefore);
    };
    requestAnimationFrame(focusBefore);
  };
  const table = useMemo(
    () => (
      <Table<Slot>
        ref={tableRef}
        id={id}
        className={styles.table}
        size="small"
        bordered
        pagination={false}
        columns={tableColumns}
        dataSource={slots}
        // each column as wide as designed: a long name in a picker or popup cell is cut short, not widening it
        scroll={virtual ? { x: width, y: SUB_TABLE_VIRTUAL_HEIGHT } : { x: width }}
        virtual={virtual}
        tableLayout="fixed"
        // the selection column serves the batch-remove button only
        rowSelection={
          off || !batchRemoves
            ? undefined
            : {
                selectedRowKeys: selected,
                onChange: (next) => setSelected(next as string[]),
                ...(frozenLeft ? { fixed: true } : {}),
              }
        }
        summary={
          showSummary
            ? () => (
                // fixed: below a virtual table's rows area, in view whatever row is
                <Table.Summary fixed={virtual}>
                  <LiveTotalRow
                    store={rowStore}
                    field={field}
                    columns={ordered}
                    lead={off ? 1 : 2}
                    actions={withActions}
                  />
                </Table.Summary>
              )
            : undefined
        }
      />
    ),
    [
      id,
      tableColumns,
      slots,
      width,
      virtual,
      off,
      batchRemoves,
      selected,
      showSummary,
      rowStore,
      field,
      ordered,
      frozenLeft,
      withActions,
    ],
  );

  return (
    <Frame field={field}>
      {/* the cells' widgets know their table (a public form's popups name it to the link's calls) */}
      <SubTableName.Provider value={field.__vModel__}>
        {/* Shift+Tab on to a row not in the page (onKeyDown) */}
        <div onKeyDown={onKeyDown}>
          {/* the cells' controls are not in the table's error state: each refused cell is marked on its own */}
          <Form.Item noStyle validateStatus="">
            {table}
          </Form.Item>
        </div>
      </SubTableName.Provider>
      {!off && footer.length > 0 && (
        <div className={styles.footer}>
          {footer.map((button) => {
            if (button.value === 'add')
              return (
                <Button key="add" type="dashed" icon={<PlusOutlined />} onClick={add}>
                  {button.label || t('subTableAdd')}
                </Button>
              );
            if (button.value === 'selectData')
              return (
                <Button key="selectData" icon={<SelectOutlined />} onClick={() => setChoosing(true)}>
                  {button.label || t('subTableSelectData')}
                </Button>
              );
            const label = button.label || t('subTableBatchRemove');
            return selected.length ? (
              <Popconfirm
                key="batchRemove"
                title={t('subTableConfirmBatch')}
                onConfirm={() => remove((key) => selected.includes(key))}
              >
                <Button danger icon={<DeleteOutlined />}>
                  {label}
                </Button>
              </Popconfirm>
            ) : (
              <Button
                key="batchRemove"
                danger
                icon={<DeleteOutlined />}
                onClick={() => feedback.error(t('subTableNoSelection'))}
              >
                {label}
              </Button>
            );
          })}
        </div>
      )}
      {!off && chooser && footer.some((b) => b.value === 'selectData') && (
        <RowsChooser
          open={choosing}
          chooser={chooser}
          table={field.__vModel__}
          onCancel={() => setChoosing(false)}
          onConfirm={(records) => {
            setChoosing(false);
            addChosen(records);
          }}
        />
      )}
    </Frame>
  );
}

/** the rows as the server shows them (DataChange), read-only, with the total row */
export function SubTableDetail({ field, display }: { field: FieldConfig; display: unknown }) {
  const t = widgetTexts.useText();
  const columns = subTableColumns(field);
  const rows = rowsOf(display);
  const data = rows.map((row, index) => ({ row, index, key: String(index) }));
  type Item = (typeof data)[number];
  const layout = layoutOf<Item>(field, columns, (column) => ({
    title: column.__config__.label,
    key: column.__vModel__,
    width: columnWidthOf(column),
    render: (_: unknown, item: Item) => displayText(item.row[column.__vModel__]),
  }));
  const tableColumns: TableColumnsType<Item> = [
    {
      title: t('subTableSerial'),
      key: 'serial',
      width: SUB_TABLE_SERIAL_WIDTH,
      align: 'center',
      ...(layout.frozenLeft ? { fixed: 'left' as const } : {}),
      render: (_, item) => item.index + 1,
    },
    ...layout.columns,
  ];
  return (
    <Frame field={field}>
      <Table<Item>
        className={styles.table}
        size="small"
        bordered
        pagination={false}
        columns={tableColumns}
        dataSource={data}
        scroll={{ x: 'max-content' }}
        summary={
          field.__config__.showSummary === true && rows.length
            ? () => <TotalRow field={field} rows={rows} columns={layout.ordered} lead={1} />
            : undefined
        }
      />
    </Frame>
  );
}

// The list design of a list + form function (columnData): which value fields (not sub-tables) are columns (title, width,
// alignment, freezing, sorting, order), which are search fields (search type, keyword), the toolbar and row
// buttons (with the templates batch print offers, printIds), paging, the default sort and the permission switches;
// first, the kind of list (ListKindSettings.tsx); after the columns, their summary row, thousands separators and
// complex headers (ListExtrasSettings.tsx).
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  ROW_BUTTONS,
  TOOLBAR_BUTTONS,
  type ButtonItem,
  type ColumnDataJson,
  type ColumnItem,
  type FieldConfig,
  type SearchItem,
  type SearchType,
} from '@jnpf/core';
import {
  Checkbox,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
} from 'antd';
import type { ReactNode } from 'react';
import { PrintTemplatePicker } from '../../../../components/print/PrintTemplatePicker';
import { widgetOf } from '../../../../widgets';
import styles from './designer.module.css';
import {
  buttonItem,
  columnFromField,
  isSearchable,
  listFields,
  moveItem,
  PAGE_SIZE_CHOICES,
  searchFromField,
  searchTypesOf,
  type ButtonValue,
} from './listModel';
import { ComplexHeaderSettings, SummarySettings } from './ListExtrasSettings';
import { ListKindSettings } from './ListKindSettings';
import { RowButton } from './rowButtons';
import { designerTexts } from './texts';

interface Row<T> {
  field: FieldConfig;
  item?: T;
  /** the item's index in its list, when listed */
  index?: number;
}

/** the listed fields in list order, then the others in form order */
function rowsOf<T extends { prop: string }>(values: readonly FieldConfig[], items: readonly T[]): Row<T>[] {
  const byProp = new Map(values.map((f) => [f.__vModel__, f]));
  const listed = items.flatMap((item, index) => {
    const field = byProp.get(item.prop);
    return field ? [{ field, item, index }] : [];
  });
  const props = new Set(items.map((i) => i.prop));
  return [...listed, ...values.filter((f) => !props.has(f.__vModel__)).map((field) => ({ field }))];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.sectionTitle}>{title}</div>
      {children}
    </section>
  );
}

function OrderButtons({
  index,
  count,
  onMove,
}: {
  index?: number;
  count: number;
  onMove: (dir: 'up' | 'down') => void;
}) {
  const t = designerTexts.useText();
  if (index === undefined) return null;
  return (
    <Space size={0}>
      <RowButton icon={<ArrowUpOutlined />} label={t('moveUp')} disabled={index === 0} onClick={() => onMove('up')} />
      <RowButton
        icon={<ArrowDownOutlined />}
        label={t('moveDown')}
        disabled={index === count - 1}
        onClick={() => onMove('down')}
      />
    </Space>
  );
}

const labelOf = (field: FieldConfig) => field.__config__.label || field.__vModel__;

/**
 * A table of the value fields for one list (columns or search fields): whether each is in the list (its first
 * column), the given settings, and its place in the list (its last column).
 */
function FieldListTable<T extends { prop: string }>({
  rows,
  title,
  labelled,
  count,
  onList,
  onMove,
  columns,
}: {
  rows: Row<T>[];
  title: string;
  /** the list checkbox is named "<title> <field>" rather than by the field's label alone */
  labelled?: boolean;
  /** how many fields the list holds */
  count: number;
  onList: (field: FieldConfig, listed: boolean) => void;
  onMove: (index: number, dir: 'up' | 'down') => void;
  columns: TableColumnsType<Row<T>>;
}) {
  const t = designerTexts.useText();
  return (
    <Table<Row<T>>
      size="small"
      pagination={false}
      rowKey={(row) => row.field.__config__.formId}
      dataSource={rows}
      columns={[
        {
          title,
          key: 'listed',
          width: 200,
          render: (_v, { field, item }) => (
            <Checkbox
              aria-label={labelled ? `${title} ${labelOf(field)}` : undefined}
              checked={!!item}
              onChange={(e) => onList(field, e.target.checked)}
            >
              {labelOf(field)}
            </Checkbox>
          ),
        },
        ...columns,
        {
          title: t('order'),
          key: 'order',
          width: 80,
          render: (_v, { index }) => <OrderButtons index={index} count={count} onMove={(dir) => onMove(index!, dir)} />,
        },
      ]}
    />
  );
}

export function ListDesign({
  fields,
  columnData,
  modelId,
  onChange,
}: {
  fields: readonly FieldConfig[];
  columnData: ColumnDataJson;
  /** the design's id ('' before its first save): the print templates offered are its own and SQL ones */
  modelId: string;
  onChange: (columnData: ColumnDataJson) => void;
}) {
  const t = designerTexts.useText();
  const values = listFields(fields);
  const set = (patch: Partial<ColumnDataJson>) => onChange({ ...columnData, ...patch });
  const columns = columnData.columnList;
  const searches = columnData.searchList;
  const setColumn = (prop: string, patch: Partial<ColumnItem>) =>
    set({ columnList: columns.map((c) => (c.prop === prop ? { ...c, ...patch } : c)) });
  /** a column of the list table choosing one of a column's fixed values (alignment, fixed side) */
  const choiceColumn = <K extends 'align' | 'fixed'>(
    key: K,
    fallback: NonNullable<ColumnItem[K]>,
    labels: Record<NonNullable<ColumnItem[K]>, Parameters<typeof t>[0]>,
  ) => ({
    title: t(key),
    key,
    width: 110,
    render: (_v: unknown, { field, item }: Row<ColumnItem>) => (
      <Select
        size="small"
        aria-label={`${t(key)} ${labelOf(field)}`}
        style={{ width: 90 }}
        disabled={!item}
        value={item?.[key] ?? fallback}
        onChange={(value: NonNullable<ColumnItem[K]>) =>
          setColumn(field.__vModel__, { [key]: value } as Partial<ColumnItem>)
        }
        options={Object.entries(labels).map(([value, label]) => ({
          value,
          label: t(label as Parameters<typeof t>[0]),
        }))}
      />
    ),
  });
  const setSearch = (prop: string, patch: Partial<SearchItem>) =>
    set({ searchList: searches.map((s) => (s.prop === prop ? { ...s, ...patch } : s)) });

  const buttonList = (list: 'btnsList' | 'columnBtnsList', order: readonly string[]) => {
    const items: ButtonItem[] = columnData[list] ?? [];
    const toggle = (value: ButtonValue, on: boolean) => {
      const next = on
        ? [...items.filter((b) => b.value !== value), buttonItem(value, t(`btn_${value}`))]
        : items.filter((b) => b.value !== value);
      next.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
      set({ [list]: next });
    };
    return (
      <div>
        {(order as readonly ButtonValue[]).map((value) => {
          const item = items.find((b) => b.value === value);
          return (
            <div key={value} className={styles.propRow}>
              <Checkbox checked={!!item} onChange={(e) => toggle(value, e.target.checked)} style={{ width: 120 }}>
                {t(`btn_${value}`)}
              </Checkbox>
              <Input
                aria-label={`${t(`btn_${value}`)} ${t('buttonLabel')}`}
                style={{ maxWidth: 240 }}
                disabled={!item}
                value={item?.label ?? ''}
                onChange={(e) =>
                  set({ [list]: items.map((b) => (b.value === value ? { ...b, label: e.target.value } : b)) })
                }
              />
            </div>
          );
        })}
      </div>
    );
  };

  if (!values.length)
    return (
      <div className={styles.pane}>
        <div className={styles.section}>
          <Empty description={t('noValueFields')} />
        </div>
      </div>
    );

  const columnRows = rowsOf<ColumnItem>(values, columns);
  const searchRows = rowsOf<SearchItem>(
    values.filter((f) => isSearchable(f.__config__.jnpfKey)),
    searches,
  );

  return (
    <div className={styles.pane}>
      <Section title={t('listKind')}>
        <ListKindSettings values={values} columnData={columnData} set={set} />
      </Section>
      <Section title={t('columns')}>
        <FieldListTable<ColumnItem>
          rows={columnRows}
          title={t('columns')}
          count={columns.length}
          onList={(field, listed) =>
            set({
              columnList: listed
                ? [...columns, columnFromField(field)]
                : columns.filter((c) => c.prop !== field.__vModel__),
            })
          }
          onMove={(index, dir) => set({ columnList: moveItem(columns, index, dir) })}
          columns={[
            {
              title: t('columnLabel'),
              key: 'label',
              render: (_v, { field, item }) => (
                <Input
                  size="small"
                  aria-label={`${t('columnLabel')} ${labelOf(field)}`}
                  disabled={!item}
                  value={item?.label ?? ''}
                  onChange={(e) => setColumn(field.__vModel__, { label: e.target.value })}
                />
              ),
            },
            {
              title: t('width'),
              key: 'width',
              width: 110,
              render: (_v, { field, item }) => (
                <InputNumber
                  size="small"
                  aria-label={`${t('width')} ${labelOf(field)}`}
                  disabled={!item}
                  min={40}
                  max={2000}
                  precision={0}
                  value={item?.width ?? null}
                  onChange={(width: number | null) => setColumn(field.__vModel__, { width: width ?? null })}
                />
              ),
            },
            choiceColumn('align', 'left', { left: 'alignLeft', center: 'alignCenter', right: 'alignRight' }),
            choiceColumn('fixed', 'none', { none: 'fixedNone', left: 'fixedLeft', right: 'fixedRight' }),
            {
              title: t('sortable'),
              key: 'sortable',
              width: 70,
              align: 'center',
              render: (_v, { field, item }) => (
                <Checkbox
                  aria-label={`${t('sortable')} ${labelOf(field)}`}
                  disabled={!item}
                  checked={!!item?.sortable}
                  onChange={(e) => setColumn(field.__vModel__, { sortable: e.target.checked })}
                />
              ),
            },
          ]}
        />
      </Section>
      <Section title={t('summarySettings')}>
        <SummarySettings columnData={columnData} set={set} />
      </Section>
      <Section title={t('complexHeaders')}>
        <ComplexHeaderSettings columnData={columnData} set={set} />
      </Section>
      <Section title={t('searchFields')}>
        <FieldListTable<SearchItem>
          rows={searchRows}
          title={t('searchFields')}
          labelled
          count={searches.length}
          onList={(field, listed) =>
            set({
              searchList: listed
                ? [...searches, searchFromField(field)]
                : searches.filter((s) => s.prop !== field.__vModel__),
            })
          }
          onMove={(index, dir) => set({ searchList: moveItem(searches, index, dir) })}
          columns={[
            {
              title: t('searchType'),
              key: 'searchType',
              render: (_v, { field, item }) => (
                <Select
                  size="small"
                  aria-label={`${t('searchType')} ${labelOf(field)}`}
                  style={{ width: 130 }}
                  disabled={!item}
                  value={item?.searchType}
                  onChange={(searchType: SearchType) =>
                    setSearch(field.__vModel__, { searchType, isKeyword: searchType === 2 ? item?.isKeyword : false })
                  }
                  options={searchTypesOf(field.__config__.jnpfKey).map((type) => ({
                    value: type,
                    label: t(`search${type}`),
                  }))}
                />
              ),
            },
            {
              title: t('isKeyword'),
              key: 'isKeyword',
              width: 90,
              align: 'center',
              render: (_v, { field, item }) => (
                <Switch
                  size="small"
                  aria-label={`${t('isKeyword')} ${labelOf(field)}`}
                  disabled={!item || item.searchType !== 2}
                  checked={!!item?.isKeyword}
                  onChange={(isKeyword) => setSearch(field.__vModel__, { isKeyword })}
                />
              ),
            },
            {
              title: t('searchMultiple'),
              key: 'searchMultiple',
              width: 70,
              align: 'center',
              render: (_v, { field, item }) => (
                <Switch
                  size="small"
                  aria-label={`${t('searchMultiple')} ${labelOf(field)}`}
                  disabled={!item || !widgetOf(field.__config__.jnpfKey)?.searchesMultiple}
                  checked={!!item?.searchMultiple}
                  onChange={(searchMultiple) => setSearch(field.__vModel__, { searchMultiple })}
                />
              ),
            },
          ]}
        />
      </Section>
      <Section title={t('toolbarButtons')}>
        {buttonList('btnsList', TOOLBAR_BUTTONS)}
        <Form component="div" layout="inline">
          <Form.Item label={t('printTemplates')} htmlFor="list-printIds" style={{ minWidth: 420 }}>
            <PrintTemplatePicker
              id="list-printIds"
              modelId={modelId}
              multiple
              placeholder={t('printPlaceholder')}
              disabled={!columnData.btnsList.some((b) => b.value === 'batchPrint')}
              value={columnData.printIds ?? []}
              onChange={(printIds) => set({ printIds })}
            />
          </Form.Item>
        </Form>
      </Section>
      <Section title={t('rowButtons')}>{buttonList('columnBtnsList', ROW_BUTTONS)}</Section>
      <Section title={t('paging')}>
        <Form component="div" layout="inline">
          <Form.Item label={t('hasPage')} htmlFor="list-hasPage">
            <Switch id="list-hasPage" checked={columnData.hasPage} onChange={(hasPage) => set({ hasPage })} />
          </Form.Item>
          <Form.Item label={t('pageSize')} htmlFor="list-pageSize">
            <Select
              id="list-pageSize"
              style={{ width: 100 }}
              disabled={!columnData.hasPage}
              value={columnData.pageSize}
              onChange={(pageSize: number) => set({ pageSize })}
              options={PAGE_SIZE_CHOICES.map((n) => ({ value: n, label: String(n) }))}
            />
          </Form.Item>
        </Form>
      </Section>
      <Section title={t('sortSettings')}>
        <Form component="div" layout="inline">
          <Form.Item label={t('defaultSidx')} htmlFor="list-defaultSidx">
            <Select
              id="list-defaultSidx"
              style={{ width: 200 }}
              value={columnData.defaultSidx ?? ''}
              onChange={(defaultSidx: string) => set({ defaultSidx })}
              options={[
                { value: '', label: t('noSort') },
                ...columns.map((c) => ({ value: c.prop, label: c.label || c.prop })),
              ]}
            />
          </Form.Item>
          <Form.Item label={t('sort')}>
            <Radio.Group
              aria-label={t('sort')}
              value={columnData.sort ?? 'desc'}
              onChange={(e) => set({ sort: e.target.value as 'asc' | 'desc' })}
              options={[
                { value: 'asc', label: t('asc') },
                { value: 'desc', label: t('desc') },
              ]}
            />
          </Form.Item>
        </Form>
      </Section>
      <Section title={t('permission')}>
        <Form component="div" layout="inline">
          <Form.Item label={t('useBtnPermission')} htmlFor="list-useBtnPermission">
            <Switch
              id="list-useBtnPermission"
              checked={!!columnData.useBtnPermission}
              onChange={(useBtnPermission) => set({ useBtnPermission })}
            />
          </Form.Item>
          <Form.Item label={t('useColumnPermission')} htmlFor="list-useColumnPermission">
            <Switch
              id="list-useColumnPermission"
              checked={!!columnData.useColumnPermission}
              onChange={(useColumnPermission) => set({ useColumnPermission })}
            />
          </Form.Item>
        </Form>
      </Section>
    </div>
  );
}

// The generic record chooser: a dialog or a drawer with keyword search and reset, a
// multi-select table of the configured visible columns, optional paging. Confirming with rows chosen reports
// each row's target-field values (relation mapping); confirming with none does nothing; closing reports false.
//
//   <RecordChooser open={open} config={config} onResult={(result) => { setOpen(false); if (result) fill(result); }} />
//
// or, as a promise: const [choose, holder] = useRecordChooser(); const result = await choose(config);
import { Button, Drawer, Input, Modal, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { http } from '../../platform/request';
import {
  canConfirm,
  dynamicSourceRequest,
  mapSelection,
  modelSourceRequest,
  pageOf,
  pageSizeOf,
  popupWidthOf,
  visibleColumns,
  type ChooserConfig,
  type ChooserLoader,
  type ChooserPage,
  type ChooserResult,
  type ChooserRow,
} from './chooserModel';
import styles from './RecordChooser.module.css';
import { useChooserText } from './texts';

/** The configured data source: a data interface when dataSource is 'dynamic', else the model's list. */
export const defaultChooserLoader: ChooserLoader = async (query, config) => {
  const { url, body } =
    config.dataSource === 'dynamic' ? dynamicSourceRequest(config, query) : modelSourceRequest(config, query);
  const { data } = await http.post<Parameters<typeof pageOf>[0]>(url, body);
  return pageOf(data);
};

export interface RecordChooserProps {
  open: boolean;
  config: ChooserConfig;
  /** false when closed without confirming, else the mapped values of the chosen rows. */
  onResult: (result: ChooserResult) => void;
  /** Where rows come from; the configured data source by default. */
  load?: ChooserLoader;
}

const EMPTY_PAGE: ChooserPage = { list: [], total: 0 };

export default function RecordChooser({ open, config, onResult, load = defaultChooserLoader }: RecordChooserProps) {
  const text = useChooserText();
  const rowKey = config.rowKey || 'id';
  const pageSize = pageSizeOf(config);
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState({ keyword: '', currentPage: 1 });
  const [page, setPage] = useState<ChooserPage>(EMPTY_PAGE);
  const [loading, setLoading] = useState(false);
  /** Chosen rows by key, kept across pages and searches. */
  const [chosen, setChosen] = useState<ReadonlyMap<string, ChooserRow>>(new Map());
  const latest = useRef(0);

  // Each opening starts afresh: page 1, no keyword, nothing chosen. A query already there is kept as it is: a new
  // one would fetch the first page a second time.
  useEffect(() => {
    if (!open) return;
    setDraft('');
    setQuery((current) =>
      current.keyword === '' && current.currentPage === 1 ? current : { keyword: '', currentPage: 1 },
    );
    setChosen(new Map());
  }, [open]);

  // The loader and configuration are read when a page is fetched, so that a caller passing a new object on
  // each render does not cause a new request.
  const source = useRef({ load, config });
  source.current = { load, config };

  const fetchPage = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const { load: loader, config: current } = source.current;
      const result = await loader({ keyword: query.keyword, currentPage: query.currentPage, pageSize }, current);
      if (ticket === latest.current) setPage(result);
    } catch {
      if (ticket === latest.current) setPage(EMPTY_PAGE); // the request layer has reported it
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [query, pageSize]);

  useEffect(() => {
    if (open) void fetchPage();
  }, [open, fetchPage]);

  const columns = useMemo<ColumnsType<ChooserRow>>(
    () =>
      visibleColumns(config.columnOptions).map((column) => ({
        key: column.value,
        dataIndex: column.value,
        title: column.label,
        width: column.width,
        ellipsis: true,
        render: (value: unknown): ReactNode =>
          value === null || value === undefined
            ? ''
            : typeof value === 'object'
              ? JSON.stringify(value)
              : String(value),
      })),
    [config.columnOptions],
  );

  const keyOf = (row: ChooserRow) => String(row[rowKey] ?? '');
  const selectedKeys = [...chosen.keys()];

  const confirm = () => {
    const rows = [...chosen.values()];
    if (!canConfirm(rows)) return;
    onResult(mapSelection(rows, config.relationOptions));
  };
  const close = () => onResult(false);

  const body = (
    <div className={styles.body}>
      <Space.Compact className={styles.search}>
        <Input
          allowClear
          value={draft}
          placeholder={text('keywordPlaceholder')}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={() => setQuery({ keyword: draft.trim(), currentPage: 1 })}
        />
        <Button type="primary" onClick={() => setQuery({ keyword: draft.trim(), currentPage: 1 })}>
          {text('search')}
        </Button>
        <Button
          onClick={() => {
            setDraft('');
            setQuery({ keyword: '', currentPage: 1 });
          }}
        >
          {text('reset')}
        </Button>
      </Space.Compact>
      <Table<ChooserRow>
        size="small"
        rowKey={keyOf}
        loading={loading}
        columns={columns}
        dataSource={page.list}
        scroll={{ y: 400 }}
        rowSelection={{
          selectedRowKeys: selectedKeys,
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => {
            setChosen((current) => {
              const next = new Map<string, ChooserRow>();
              // antd passes undefined for kept keys of rows on other pages: take those from before.
              _keys.forEach((key, index) => {
                const row = rows[index] ?? current.get(String(key));
                if (row) next.set(String(key), row);
              });
              return next;
            });
          },
        }}
        onRow={(row) => ({
          onClick: () =>
            setChosen((current) => {
              const next = new Map(current);
              const key = keyOf(row);
              if (next.has(key)) next.delete(key);
              else next.set(key, row);
              return next;
            }),
        })}
        pagination={
          config.hasPage
            ? {
                current: query.currentPage,
                pageSize,
                total: page.total,
                showSizeChanger: false,
                showTotal: (total) => text('total', { n: total }),
                onChange: (currentPage) => setQuery((current) => ({ ...current, currentPage })),
              }
            : false
        }
      />
    </div>
  );

  const footer = (
    <div className={styles.footer}>
      <span className={styles.count}>{text('selected', { n: chosen.size })}</span>
      <Space>
        <Button onClick={close}>{text('cancel')}</Button>
        <Button type="primary" onClick={confirm}>
          {text('confirm')}
        </Button>
      </Space>
    </div>
  );

  const title = config.popupTitle || text('title');
  const width = popupWidthOf(config.popupWidth);
  if (config.popupType === 'drawer') {
    return (
      <Drawer open={open} title={title} size={width} onClose={close} footer={footer} destroyOnHidden>
        {body}
      </Drawer>
    );
  }
  return (
    <Modal open={open} title={title} width={width} onCancel={close} footer={footer} destroyOnHidden>
      {body}
    </Modal>
  );
}

/** The chooser as a promise: `const result = await choose(config)`; render `holder` once. */
export function useRecordChooser(load?: ChooserLoader): [(config: ChooserConfig) => Promise<ChooserResult>, ReactNode] {
  const [state, setState] = useState<{ config: ChooserConfig; resolve: (result: ChooserResult) => void } | null>(null);
  const [open, setOpen] = useState(false);
  const choose = useCallback(
    (config: ChooserConfig) =>
      new Promise<ChooserResult>((resolve) => {
        setState({ config, resolve });
        setOpen(true);
      }),
    [],
  );
  const holder = state ? (
    <RecordChooser
      open={open}
      config={state.config}
      load={load}
      onResult={(result) => {
        setOpen(false);
        state.resolve(result);
      }}
    />
  ) : null;
  return [choose, holder];
}

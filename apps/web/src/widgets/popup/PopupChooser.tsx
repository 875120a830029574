// The popup select's chooser: a dialog or drawer, default 800 px, titled "select
// data", with keyword search (Enter or the button), reset, refresh, a radio (or checkbox) column, an index column,
// the configured columns and optional paging. Opening clears the selection and the keyword; confirm needs a checked
// row (§5) and otherwise says so and stays open; cancel leaves the value as it was.
import { Button, Drawer, Input, Modal, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { displayText } from '../values';
import {
  inSelectionCell,
  POPUP_UNPAGED_SIZE,
  rowId,
  usePopupPage,
  type InterfaceRow,
  type PopupConfig,
} from './popupData';
import { popupTexts } from './texts';

export interface PopupChooserProps {
  open: boolean;
  config: PopupConfig;
  /** the values of the form fields its parameters read */
  params: Record<string, unknown>;
  onCancel: () => void;
  /** the checked rows, in the order checked */
  onConfirm: (rows: InterfaceRow[]) => void;
}

/** a width in px as the drawer's number, other units as they are */
const drawerSize = (width: string) => (/^\d+(px)?$/.test(width) ? parseInt(width, 10) : width);

export function PopupChooser({ open, config, params, onCancel, onConfirm }: PopupChooserProps) {
  const t = popupTexts.useText();
  const [draft, setDraft] = useState('');
  const [ask, setAsk] = useState({ keyword: '', currentPage: 1 });
  const [checked, setChecked] = useState<ReadonlyMap<string, InterfaceRow>>(new Map());
  const [refused, setRefused] = useState(false);
  const pageSize = config.hasPage ? config.pageSize : POPUP_UNPAGED_SIZE;
  const { page, isLoading, refetch } = usePopupPage(config, params, { ...ask, pageSize }, open);

  useEffect(() => {
    if (!open) return;
    setDraft('');
    setAsk({ keyword: '', currentPage: 1 });
    setChecked(new Map());
    setRefused(false);
  }, [open]);

  const search = (keyword: string) => setAsk({ keyword: keyword.trim(), currentPage: 1 });
  const toggle = (row: InterfaceRow) => {
    const id = rowId(row, config);
    setRefused(false);
    setChecked((before) => {
      if (!config.multiple) return new Map([[id, row]]);
      const next = new Map(before);
      if (next.has(id)) next.delete(id);
      else next.set(id, row);
      return next;
    });
  };
  const confirm = () => {
    if (!checked.size) {
      setRefused(true);
      return;
    }
    onConfirm([...checked.values()]);
  };

  const columns = useMemo<ColumnsType<InterfaceRow>>(() => {
    const shown = config.columns.length
      ? config.columns
      : // no columns kept: the shown field, headed by its label in the form it comes from when that names it
        [{ value: config.relationField, label: page.labels?.[config.relationField] ?? config.relationField }];
    return [
      {
        key: '__index',
        title: t('index'),
        width: 60,
        align: 'center',
        render: (_: unknown, __: InterfaceRow, i: number) => (ask.currentPage - 1) * pageSize + i + 1,
      },
      ...shown.map((c) => ({
        key: c.value,
        title: c.label,
        dataIndex: c.value,
        ...('width' in c && c.width ? { width: c.width } : {}),
        render: (v: unknown) => displayText(v),
      })),
    ];
  }, [config, t, ask.currentPage, pageSize, page.labels]);

  const body = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input
          aria-label={t('keywordPlaceholder')}
          placeholder={t('keywordPlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={() => search(draft)}
          allowClear
          style={{ width: 240 }}
        />
        <Button type="primary" onClick={() => search(draft)}>
          {t('search')}
        </Button>
        <Button
          onClick={() => {
            setDraft('');
            search('');
          }}
        >
          {t('reset')}
        </Button>
        <Button onClick={() => void refetch()}>{t('refresh')}</Button>
      </Space>
      <Table<InterfaceRow>
        size="small"
        rowKey={(row) => rowId(row, config)}
        loading={isLoading}
        dataSource={page.list}
        columns={columns}
        scroll={{ y: 400 }}
        rowSelection={{
          type: config.multiple ? 'checkbox' : 'radio',
          selectedRowKeys: [...checked.keys()],
          preserveSelectedRowKeys: true,
          onSelect: (row) => toggle(row),
          onSelectAll: (selected, _rows, changed) => {
            setRefused(false);
            setChecked((before) => {
              const next = new Map(before);
              for (const row of changed)
                if (selected) next.set(rowId(row, config), row);
                else next.delete(rowId(row, config));
              return next;
            });
          },
        }}
        onRow={(row) => ({ onClick: (event) => !inSelectionCell(event.target) && toggle(row) })}
        pagination={
          config.hasPage
            ? {
                current: ask.currentPage,
                pageSize,
                total: page.total,
                showSizeChanger: false,
                showTotal: (total) => t('total', { total }),
                onChange: (currentPage) => setAsk((before) => ({ ...before, currentPage })),
              }
            : false
        }
      />
    </Space>
  );
  const footer = (
    <Space>
      {refused && <Typography.Text type="danger">{t('noSelection')}</Typography.Text>}
      <Button onClick={onCancel}>{t('cancel')}</Button>
      <Button type="primary" onClick={confirm}>
        {t('confirm')}
      </Button>
    </Space>
  );
  const title = config.popupTitle || t('selectData');
  if (config.popupType === 'drawer')
    return (
      <Drawer
        open={open}
        title={title}
        size={drawerSize(config.popupWidth)}
        // as the dialog: a stray click on the backdrop must not drop the ticked rows
        mask={{ closable: false }}
        onClose={onCancel}
        footer={footer}
        destroyOnHidden
      >
        {body}
      </Drawer>
    );
  return (
    <Modal
      open={open}
      title={title}
      width={config.popupWidth}
      mask={{ closable: false }}
      onCancel={onCancel}
      footer={footer}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}

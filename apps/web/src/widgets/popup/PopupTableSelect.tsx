// The popup table select field (popupTableSelect): a 700 px popover under the field with a table
// 300 px high of the interface's rows, an optional keyword filter (filterable) and optional paging. Single mode
// uses a radio: picking a row sets the value and closes; multiple mode uses checkboxes, each changing the value at
// once. The value is the row's propsValue field, or with `multiple` the list of them.
import { Input, Popover, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import type { InputWidgetProps } from '../types';
import { displayText } from '../values';
import { useHeldRows } from './heldRows';
import {
  POPUP_TABLE_HEIGHT,
  POPUP_TABLE_WIDTH,
  POPUP_UNPAGED_SIZE,
  popupConfig,
  inSelectionCell,
  rowId,
  usePopupPage,
  usePopupParams,
  type InterfaceRow,
} from './popupData';
import { isRemoval } from './PopupSelect';
import { popupTexts } from './texts';

export function PopupTableSelect({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = popupTexts.useText();
  const config = useMemo(() => popupConfig(field), [field]);
  const params = usePopupParams(config);
  const { ids, labelled, remember } = useHeldRows(field, config, value, params);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [currentPage, setCurrentPage] = useState(1);
  const pageSize = config.hasPage ? config.pageSize : POPUP_UNPAGED_SIZE;
  const { page, isLoading } = usePopupPage(config, params, { keyword, currentPage, pageSize }, open);
  const off = Boolean(disabled || field.disabled);
  const readOnly = Boolean(field.readonly);
  const emit = (next: string[]) => onChange?.(config.multiple ? next : (next[0] ?? ''));

  useEffect(() => {
    if (!open) return;
    setKeyword('');
    setCurrentPage(1);
  }, [open]);

  const pick = (row: InterfaceRow) => {
    const picked = rowId(row, config);
    remember([row]);
    if (!config.multiple) {
      emit([picked]);
      setOpen(false);
      return;
    }
    emit(ids.includes(picked) ? ids.filter((v) => v !== picked) : [...ids, picked]);
  };

  const columns = useMemo<ColumnsType<InterfaceRow>>(() => {
    const shown = config.columns.length
      ? config.columns
      : [{ value: config.relationField, label: config.relationField }];
    return shown.map((c) => ({
      key: c.value,
      title: c.label,
      dataIndex: c.value,
      ...('width' in c && c.width ? { width: c.width } : {}),
      render: (v: unknown) => displayText(v),
    }));
  }, [config]);

  const content = (
    <div style={{ width: POPUP_TABLE_WIDTH }} data-testid="popup-table">
      {field.filterable === true && (
        <Input.Search
          aria-label={t('keywordPlaceholder')}
          placeholder={t('keywordPlaceholder')}
          allowClear
          onSearch={(text) => {
            setKeyword(text.trim());
            setCurrentPage(1);
          }}
          style={{ marginBottom: 8 }}
        />
      )}
      <Table<InterfaceRow>
        size="small"
        rowKey={(row) => rowId(row, config)}
        loading={isLoading}
        dataSource={page.list}
        columns={columns}
        scroll={{ y: POPUP_TABLE_HEIGHT }}
        rowSelection={{
          type: config.multiple ? 'checkbox' : 'radio',
          selectedRowKeys: ids,
          preserveSelectedRowKeys: true,
          hideSelectAll: true,
          onSelect: (row) => pick(row),
        }}
        onRow={(row) => ({ onClick: (event) => !inSelectionCell(event.target) && pick(row) })}
        pagination={
          config.hasPage
            ? {
                current: currentPage,
                pageSize,
                total: page.total,
                size: 'small',
                showSizeChanger: false,
                onChange: setCurrentPage,
              }
            : false
        }
      />
    </div>
  );

  return (
    <Popover
      open={open && !off && !readOnly}
      onOpenChange={(next) => setOpen(next && !off && !readOnly)}
      trigger="click"
      placement="bottomLeft"
      content={content}
      destroyOnHidden
    >
      <div
        // as wide as the other fields: the form's line is a flex row, where a plain div shrinks to its content
        style={{ width: '100%' }}
        onClick={(event) => {
          if (isRemoval(event.target)) event.stopPropagation();
        }}
      >
        <Select
          id={id}
          open={false}
          mode={config.multiple ? 'multiple' : undefined}
          value={config.multiple ? ids : ids[0]}
          options={labelled}
          placeholder={field.placeholder ?? t('selectPlaceholder')}
          allowClear={field.clearable !== false && !readOnly}
          disabled={off || undefined}
          showSearch={false}
          removeIcon={readOnly ? null : undefined}
          onClear={() => emit([])}
          onDeselect={(removed: string) => emit(ids.filter((v) => v !== removed))}
          style={{ width: '100%' }}
        />
      </div>
    </Popover>
  );
}

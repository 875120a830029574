// The editable tables of the interface editor: the interface's parameters, the header/query/body parameters
// of an API call, and the result fields. Each row is edited in place; the caller keeps the list.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Select, Table, type TableColumnsType } from 'antd';
import { kitTexts } from '../../../components/admin';
import type { InterfaceParam } from './api';
import { newId, PAGE_PARAMS, VALUE_SOURCES, type ApiParam, type ResultField, type ValueSource } from './model';
import { texts } from './texts';

function update<T extends { id: string }>(rows: readonly T[], id: string, change: Partial<T>): T[] {
  return rows.map((row) => (row.id === id ? { ...row, ...change } : row));
}

function RemoveButton({ onClick }: { onClick: () => void }) {
  const k = kitTexts.useText();
  return (
    <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={k('remove')} onClick={onClick} />
  );
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="dashed" block icon={<PlusOutlined />} onClick={onClick} style={{ marginTop: 8 }}>
      {label}
    </Button>
  );
}

export function ParamsTable({
  rows,
  onChange,
}: {
  rows: InterfaceParam[];
  onChange: (rows: InterfaceParam[]) => void;
}) {
  const t = texts.useText();
  const set = (id: string, change: Partial<InterfaceParam>) => onChange(update(rows, id, change));
  const columns: TableColumnsType<InterfaceParam> = [
    {
      title: t('paramField'),
      dataIndex: 'field',
      width: 150,
      render: (value: string, row, index) => (
        <Input
          value={value}
          aria-label={`${t('paramField')} ${index + 1}`}
          status={!value.trim() || value.includes('@') ? 'error' : undefined}
          onChange={(event) => set(row.id, { field: event.target.value })}
        />
      ),
    },
    {
      title: t('paramLabel'),
      dataIndex: 'fieldName',
      width: 150,
      render: (value: string, row, index) => (
        <Input
          value={value}
          aria-label={`${t('paramLabel')} ${index + 1}`}
          onChange={(event) => set(row.id, { fieldName: event.target.value })}
        />
      ),
    },
    {
      title: t('dataType'),
      dataIndex: 'dataType',
      width: 120,
      render: (value: InterfaceParam['dataType'], row, index) => (
        <Select
          value={value}
          aria-label={`${t('dataType')} ${index + 1}`}
          style={{ width: '100%' }}
          onChange={(dataType) => set(row.id, { dataType, defaultValue: '' })}
          options={[
            { value: 'varchar', label: t('typeVarchar') },
            { value: 'int', label: t('typeInt') },
            { value: 'datetime', label: t('typeDatetime') },
            { value: 'decimal', label: t('typeDecimal') },
          ]}
        />
      ),
    },
    {
      title: t('required'),
      dataIndex: 'required',
      width: 60,
      align: 'center',
      render: (value: number, row, index) => (
        <Checkbox
          checked={value === 1}
          aria-label={`${t('required')} ${index + 1}`}
          onChange={(event) => set(row.id, { required: event.target.checked ? 1 : 0 })}
        />
      ),
    },
    {
      title: t('defaultValue'),
      dataIndex: 'defaultValue',
      width: 150,
      render: (value: string, row, index) => (
        <Input
          value={value}
          aria-label={`${t('defaultValue')} ${index + 1}`}
          inputMode={row.dataType === 'int' || row.dataType === 'decimal' ? 'decimal' : undefined}
          placeholder={row.dataType === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : undefined}
          onChange={(event) => set(row.id, { defaultValue: event.target.value })}
        />
      ),
    },
    {
      key: 'remove',
      width: 44,
      render: (_value, row) => <RemoveButton onClick={() => onChange(rows.filter((r) => r.id !== row.id))} />,
    },
  ];
  return (
    <>
      <Table<InterfaceParam>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 680 }}
      />
      <AddButton
        label={t('addRow')}
        onClick={() =>
          onChange([
            ...rows,
            { id: newId(), field: '', fieldName: '', dataType: 'varchar', required: 0, defaultValue: '' },
          ])
        }
      />
    </>
  );
}

export function ApiParamTable({
  rows,
  onChange,
  params,
  paged,
  label,
}: {
  rows: ApiParam[];
  onChange: (rows: ApiParam[]) => void;
  /** the interface's parameter names a source-1 value may name */
  params: readonly string[];
  /** page parameters may be named */
  paged: boolean;
  /** which list this is (Header, Query, Body) */
  label: string;
}) {
  const t = texts.useText();
  const set = (id: string, change: Partial<ApiParam>) => onChange(update(rows, id, change));
  const sourceLabel: Record<ValueSource, string> = {
    1: t('sourceParam'),
    2: t('sourceVariable'),
    3: t('sourceConstant'),
    4: t('sourcePage'),
  };
  const sources = VALUE_SOURCES.filter((s) => s !== 4 || paged);
  const columns: TableColumnsType<ApiParam> = [
    {
      title: t('apiField'),
      dataIndex: 'field',
      width: 180,
      render: (value: string, row, index) => (
        <Input
          value={value}
          aria-label={`${label} ${t('apiField')} ${index + 1}`}
          status={value.trim() ? undefined : 'error'}
          onChange={(event) => set(row.id, { field: event.target.value })}
        />
      ),
    },
    {
      title: t('apiSource'),
      dataIndex: 'source',
      width: 130,
      render: (value: ValueSource, row, index) => (
        <Select
          value={value}
          aria-label={`${label} ${t('apiSource')} ${index + 1}`}
          style={{ width: '100%' }}
          onChange={(source) => set(row.id, { source, defaultValue: '' })}
          options={sources.map((source) => ({ value: source, label: sourceLabel[source] }))}
        />
      ),
    },
    {
      title: t('apiValue'),
      dataIndex: 'defaultValue',
      render: (value: string, row, index) => {
        const name = `${label} ${t('apiValue')} ${index + 1}`;
        if (row.source === 1 || row.source === 4) {
          const options = (row.source === 1 ? params : PAGE_PARAMS).map((p) => ({ value: p, label: p }));
          return (
            <Select
              value={value || undefined}
              aria-label={name}
              style={{ width: '100%' }}
              onChange={(defaultValue: string) => set(row.id, { defaultValue })}
              options={options}
            />
          );
        }
        return (
          <Input
            value={value}
            aria-label={name}
            onChange={(event) => set(row.id, { defaultValue: event.target.value })}
          />
        );
      },
    },
    {
      key: 'remove',
      width: 44,
      render: (_value, row) => <RemoveButton onClick={() => onChange(rows.filter((r) => r.id !== row.id))} />,
    },
  ];
  return (
    <>
      <Table<ApiParam> rowKey="id" size="small" pagination={false} columns={columns} dataSource={rows} />
      <AddButton
        label={t('addRow')}
        onClick={() => onChange([...rows, { id: newId(), field: '', source: 3, defaultValue: '' }])}
      />
    </>
  );
}

export function FieldsTable({ rows, onChange }: { rows: ResultField[]; onChange: (rows: ResultField[]) => void }) {
  const t = texts.useText();
  const set = (id: string, change: Partial<ResultField>) => onChange(update(rows, id, change));
  const columns: TableColumnsType<ResultField> = [
    {
      title: t('fieldName'),
      dataIndex: 'field',
      render: (value: string, row, index) => (
        <Input
          value={value}
          aria-label={`${t('fieldName')} ${index + 1}`}
          status={value.trim() ? undefined : 'error'}
          onChange={(event) => set(row.id, { field: event.target.value })}
        />
      ),
    },
    {
      title: t('fieldLabel'),
      dataIndex: 'defaultValue',
      render: (value: string, row, index) => (
        <Input
          value={value}
          aria-label={`${t('fieldLabel')} ${index + 1}`}
          onChange={(event) => set(row.id, { defaultValue: event.target.value })}
        />
      ),
    },
    {
      key: 'remove',
      width: 44,
      render: (_value, row) => <RemoveButton onClick={() => onChange(rows.filter((r) => r.id !== row.id))} />,
    },
  ];
  return (
    <>
      <Table<ResultField> rowKey="id" size="small" pagination={false} columns={columns} dataSource={rows} />
      <AddButton
        label={t('addField')}
        onClick={() => onChange([...rows, { id: newId(), field: '', defaultValue: '' }])}
      />
    </>
  );
}

/** the result fields merged with keys read from the interface: known fields keep their labels, new ones are added */
export function mergeFields(rows: readonly ResultField[], keys: readonly string[]): ResultField[] {
  const known = new Set(rows.map((row) => row.field));
  return [...rows, ...keys.filter((key) => !known.has(key)).map((field) => ({ id: newId(), field, defaultValue: '' }))];
}

// The variables of an SMS or WeChat official-account template: each provider variable takes its value from
// a template parameter; for WeChat exactly one of them is the title. Edited in place, or shown read-only.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import type { SmsField, TemplateParam } from './api';
import styles from './MsgTemplate.module.css';
import { texts } from './texts';

type Text = ReturnType<typeof texts.useText>;

/**
 * the first problem of a variable list, or null: at least one row, each named once and mapped to a parameter;
 * for WeChat exactly one row is the title
 */
export function smsFieldProblem(rows: readonly SmsField[], needsTitle: boolean, t: Text): string | null {
  if (rows.length === 0) return t('variablesRequired');
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (!row.smsField.trim()) return t('variableRequired', { n: i + 1 });
    if (!row.field) return t('variableParamRequired', { n: i + 1 });
    if (rows.findIndex((r) => r.smsField.trim() === row.smsField.trim()) !== i)
      return t('variableDuplicate', { n: i + 1, name: row.smsField.trim() });
  }
  if (needsTitle && rows.filter((r) => r.isTitle === 1).length !== 1) return t('titleOneRequired');
  return null;
}

export function SmsFieldTable({
  value,
  onChange,
  params,
  withTitle,
  readOnly = false,
}: {
  value?: SmsField[];
  onChange?: (rows: SmsField[]) => void;
  params: readonly TemplateParam[];
  /** WeChat: one variable is the title */
  withTitle: boolean;
  readOnly?: boolean;
}) {
  const t = texts.useText();
  const rows = value ?? [];
  const change = (index: number, patch: Partial<SmsField>) =>
    onChange?.(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const columns: TableColumnsType<SmsField> = [
    { title: t('index'), key: 'index', width: 56, align: 'center', render: (_v, _r, index) => index + 1 },
    {
      title: t('variable'),
      dataIndex: 'smsField',
      render: (text: string, _row, index) =>
        readOnly ? (
          text
        ) : (
          <Input
            size="small"
            value={text}
            aria-label={`${t('variable')} ${index + 1}`}
            placeholder={t('inputPlaceholder')}
            maxLength={100}
            onChange={(event) => change(index, { smsField: event.target.value })}
          />
        ),
    },
    {
      title: t('variableParam'),
      dataIndex: 'field',
      width: 200,
      render: (field: string, _row, index) =>
        readOnly ? (
          field
        ) : (
          <Select
            size="small"
            value={field || undefined}
            aria-label={`${t('variableParam')} ${index + 1}`}
            placeholder={t('selectPlaceholder')}
            options={params.map((p) => ({ value: p.field, label: p.field }))}
            onChange={(next: string) => change(index, { field: next ?? '' })}
            allowClear
            style={{ width: '100%' }}
          />
        ),
    },
    ...(withTitle
      ? [
          {
            title: t('isTitle'),
            dataIndex: 'isTitle',
            width: 64,
            align: 'center' as const,
            render: (isTitle: number, _row: SmsField, index: number) => (
              <Checkbox
                checked={isTitle === 1}
                disabled={readOnly}
                aria-label={`${t('isTitle')} ${index + 1}`}
                // one title: ticking a row unticks the others
                onChange={(event) =>
                  onChange?.(
                    rows.map((row, i) => ({
                      ...row,
                      isTitle: i === index ? (event.target.checked ? 1 : 0) : event.target.checked ? 0 : row.isTitle,
                    })),
                  )
                }
              />
            ),
          },
        ]
      : []),
    ...(readOnly
      ? []
      : [
          {
            key: 'actions',
            width: 48,
            render: (_: unknown, _row: SmsField, index: number) => (
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('removeRow')} ${index + 1}`}
                onClick={() => onChange?.(rows.filter((_r, i) => i !== index))}
              />
            ),
          },
        ]),
  ];

  const table = (
    <Table<SmsField>
      size="small"
      rowKey={(row) => row.fieldId || row.id || String(rows.indexOf(row))}
      columns={columns}
      dataSource={rows}
      pagination={false}
      aria-label={t('variables')}
    />
  );
  return (
    <div className={styles.variables}>
      {readOnly ? (
        table
      ) : (
        // the list's message names the row at fault; the cells do not all turn red with it
        <Form.Item noStyle validateStatus="">
          {table}
        </Form.Item>
      )}
      {!readOnly && (
        <Button
          type="dashed"
          size="small"
          icon={<PlusOutlined />}
          block
          onClick={() =>
            onChange?.([
              ...rows,
              { fieldId: `f${Date.now().toString(36)}${rows.length}`, smsField: '', field: '', isTitle: 0 },
            ])
          }
        >
          {t('addRow')}
        </Button>
      )}
    </div>
  );
}

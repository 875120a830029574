// A template's parameter list (field, fieldName) with a filter box: in the dialog it adds, edits and deletes
// custom parameters (the built-in @ ones stay) and a click on a parameter inserts it into the text; in the
// read-only view it only lists and filters.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { maxLength, pattern, required } from '../../../components/admin';
import { SubFormDialog } from '../shared/SubFormDialog';
import { useConfirmedChange } from '../shared/useConfirmedChange';
import type { TemplateParam } from './api';
import styles from './MsgTemplate.module.css';
import { texts } from './texts';

const CUSTOM_FIELD = /^[A-Za-z][A-Za-z0-9_]*$/;
export const isBuiltIn = (field: string) => field.startsWith('@');

/** the params whose field or name contains the keyword (case-insensitive) */
export function filterParams(params: readonly TemplateParam[], keyword: string): TemplateParam[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...params];
  return params.filter((p) => p.field.toLowerCase().includes(k) || p.fieldName.toLowerCase().includes(k));
}

function ParamDialog({
  open,
  editing,
  existing,
  onClose,
  onDone,
}: {
  open: boolean;
  editing?: TemplateParam;
  existing: readonly TemplateParam[];
  onClose: () => void;
  onDone: (param: TemplateParam) => void;
}) {
  const t = texts.useText();
  const [form] = Form.useForm<TemplateParam>();
  return (
    <SubFormDialog<TemplateParam>
      open={open}
      title={editing ? t('editParam') : t('addParam')}
      width={480}
      form={form}
      initialValues={editing ?? { field: '', fieldName: '' }}
      onFinish={(values) => onDone({ ...editing, field: values.field.trim(), fieldName: values.fieldName.trim() })}
      onClose={onClose}
    >
      <Form.Item
        name="field"
        label={t('paramField')}
        extra={editing ? undefined : t('paramFieldRule')}
        rules={[
          required(t('paramFieldRequired')),
          pattern(CUSTOM_FIELD, t('paramFieldRule')),
          maxLength(t('paramFieldRule')),
          {
            validator: (_rule, value?: string) =>
              !editing && existing.some((p) => p.field === value?.trim())
                ? Promise.reject(new Error(t('paramDuplicate')))
                : Promise.resolve(),
          },
        ]}
      >
        <Input disabled={Boolean(editing)} placeholder={t('inputPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="fieldName"
        label={t('paramName')}
        rules={[required(t('paramNameRequired')), maxLength(t('paramNameTooLong'))]}
      >
        <Input placeholder={t('inputPlaceholder')} />
      </Form.Item>
    </SubFormDialog>
  );
}

export function ParamPanel({
  value,
  onChange,
  onPick,
  readOnly = false,
}: {
  value?: TemplateParam[];
  onChange?: (params: TemplateParam[]) => void;
  /** a parameter was clicked (to insert it) */
  onPick?: (param: TemplateParam) => void;
  readOnly?: boolean;
}) {
  const t = texts.useText();
  const params = useMemo(() => value ?? [], [value]);
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<{ open: boolean; editing?: TemplateParam }>({ open: false });
  const { confirmChange, holder } = useConfirmedChange();
  const shown = useMemo(() => filterParams(params, keyword), [params, keyword]);

  const remove = (param: TemplateParam) =>
    confirmChange(t('removeParamTip'), () => onChange?.(params.filter((p) => p.field !== param.field)));

  const pickable = !readOnly && Boolean(onPick);
  const columns: TableColumnsType<TemplateParam> = [
    {
      title: t('paramField'),
      dataIndex: 'field',
      width: 150,
      ellipsis: true,
      render: (field: string, param) =>
        pickable ? (
          <button type="button" className={styles.pick} onClick={() => onPick?.(param)} title={field}>
            {field}
          </button>
        ) : (
          field
        ),
    },
    { title: t('paramName'), dataIndex: 'fieldName', ellipsis: true },
    ...(readOnly
      ? []
      : [
          {
            key: 'actions',
            width: 64,
            render: (_: unknown, param: TemplateParam) =>
              isBuiltIn(param.field) ? null : (
                <Space size={0}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t('editParam')} ${param.field}`}
                    onClick={() => setDialog({ open: true, editing: param })}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('removeParam')} ${param.field}`}
                    onClick={() => remove(param)}
                  />
                </Space>
              ),
          },
        ]),
  ];

  return (
    <div className={styles.params}>
      {holder}
      <Input.Search
        allowClear
        size="small"
        aria-label={t('paramSearch')}
        placeholder={t('paramSearch')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <Table<TemplateParam>
        size="small"
        rowKey="field"
        columns={columns}
        dataSource={shown}
        pagination={false}
        scroll={{ y: 240 }}
        locale={{ emptyText: t('noParams') }}
        aria-label={t('params')}
      />
      {!readOnly && (
        <>
          {pickable && <span className={styles.hint}>{t('paramInsertHint')}</span>}
          <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })} block>
            {t('addParam')}
          </Button>
          <ParamDialog
            open={dialog.open}
            editing={dialog.editing}
            existing={params}
            onClose={() => setDialog({ open: false })}
            onDone={(param) => {
              onChange?.(
                dialog.editing
                  ? params.map((p) => (p.field === dialog.editing!.field ? { ...p, fieldName: param.fieldName } : p))
                  : [...params, { field: param.field, fieldName: param.fieldName }],
              );
              setDialog({ open: false });
            }}
          />
        </>
      )}
    </div>
  );
}

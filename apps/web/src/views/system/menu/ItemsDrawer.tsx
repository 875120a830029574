// The permission items of one menu, of one kind: buttons, list columns, form fields, or its data permissions
// (schemes and the fields they filter on, two tabs of one drawer). A list with add, edit, enable/disable and
// delete (each confirmed), and the item dialog of the kind.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Space, Table, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import {
  DRAWER_WIDTH,
  EnabledTag,
  FormDialog,
  kitTexts,
  LoadError,
  maxLength,
  useConfirmAction,
} from '../../../components/admin';
import { Auth, useAuth } from '../../../platform/auth/Auth';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { fieldTexts } from '../../../components/form/texts';
import {
  itemsKey,
  menuApi,
  type DataFieldRow,
  type ItemKind,
  type ItemRow,
  type MenuItemDialogProps,
  type MenuRow,
} from './api';
import { opName, sourceName, sourceOf, typeName } from './conditions';
import { FieldForm } from './FieldForm';
import { ALL_DATA_CODE, SchemeForm } from './SchemeForm';
import { texts } from './texts';

type ItemValues = Partial<ItemRow>;
type PlainKind = Exclude<ItemKind, 'scheme' | 'field'>;
/** a row of any kind: the field and scheme lists carry their own columns */
type AnyRow = ItemRow & Partial<DataFieldRow>;

function ItemForm({ kind, menu, open, row, onClose, onSaved }: MenuItemDialogProps<ItemRow> & { kind: PlainKind }) {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const [form] = Form.useForm<ItemValues>();
  return (
    <FormDialog<ItemValues>
      open={open}
      title={row ? t('itemEdit') : t('itemAdd')}
      form={form}
      initialValues={row ?? { enabledMark: 1, sortCode: 0 }}
      onCancel={onClose}
      onSaved={onSaved}
      onSubmit={(values) =>
        menuApi.saveItem(kind, row?.id, {
          ...values,
          moduleId: menu.id,
          description: values.description ?? '',
          sortCode: values.sortCode ?? 0,
          ...(kind === 'button' ? { parentId: '-1' } : {}),
          ...(row ? { version: row.version } : {}),
        })
      }
    >
      <NameCodeFields variant="menu" nameRequired={t('nameRequired')} codeRequired={t('codeRequired')} />
      {(kind === 'column' || kind === 'form') && (
        <Form.Item name="bindTable" label={t('bindTable')} rules={[maxLength(s('nameTooLong'), 200)]}>
          <Input autoComplete="off" />
        </Form.Item>
      )}
      <TailFields />
    </FormDialog>
  );
}

const isDataKind = (kind: ItemKind | undefined) => kind === 'scheme' || kind === 'field';

export function ItemsDrawer({
  kind,
  menu,
  onClose,
  onKindChange,
}: {
  kind?: ItemKind;
  menu?: MenuRow;
  onClose: () => void;
  /** switches between the data-permission tabs (schemes, fields) */
  onKindChange?: (kind: ItemKind) => void;
}) {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const k = kitTexts.useText();
  const client = useQueryClient();
  const canEdit = useAuth('btn_edit');
  const { confirmDelete, confirmToggle, holder } = useConfirmAction();
  const [form, setForm] = useState<{ open: boolean; row?: AnyRow }>({ open: false });
  const open = !!kind && !!menu;
  const key = itemsKey(kind ?? 'button', menu?.id);
  const list = useQuery({
    queryKey: key,
    queryFn: () => menuApi.items(kind!, menu!.id) as Promise<AnyRow[]>,
    enabled: open,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: key });
  const kindName = kind
    ? {
        button: t('buttonAuth'),
        column: t('columnAuth'),
        form: t('formAuth'),
        scheme: t('dataAuth'),
        field: t('dataAuth'),
      }[kind]
    : '';
  // another tab or menu starts without an open dialog
  useEffect(() => setForm({ open: false }), [kind, menu?.id]);

  const kindColumns: TableColumnsType<AnyRow> =
    kind === 'field'
      ? [
          { title: t('fieldName'), dataIndex: 'fullName', width: 110, ellipsis: true },
          { title: t('fieldCode'), dataIndex: 'enCode', width: 120, ellipsis: true },
          {
            title: t('fieldType'),
            dataIndex: 'type',
            width: 80,
            render: (type: string) => typeName(t, type),
          },
          {
            title: t('conditionSymbol'),
            dataIndex: 'conditionSymbol',
            ellipsis: { showTitle: false },
            render: (symbols: string) => {
              const names = symbols
                .split(',')
                .filter(Boolean)
                .map((op) => opName(t, op))
                .join('、');
              return (
                <Tooltip title={names} placement="topLeft">
                  {names}
                </Tooltip>
              );
            },
          },
          {
            title: t('conditionSource'),
            dataIndex: 'conditionText',
            width: 120,
            ellipsis: true,
            render: (_v: string, row) => sourceName(t, sourceOf(row as DataFieldRow)),
          },
        ]
      : kind === 'scheme'
        ? [
            { title: t('schemeName'), dataIndex: 'fullName', width: 120, ellipsis: true },
            { title: s('enCode'), dataIndex: 'enCode', width: 110, ellipsis: true },
            {
              title: t('conditionTextColumn'),
              dataIndex: 'conditionText',
              ellipsis: { showTitle: false },
              render: (text: string, row) =>
                row.allData === 1 || row.enCode === ALL_DATA_CODE ? (
                  <Tag color="blue">{t('allDataTag')}</Tag>
                ) : (
                  <Tooltip title={text} placement="topLeft">
                    <Typography.Text type={text ? undefined : 'secondary'}>{text || '—'}</Typography.Text>
                  </Tooltip>
                ),
            },
          ]
        : [
            { title: s('fullName'), dataIndex: 'fullName', ellipsis: true },
            { title: s('enCode'), dataIndex: 'enCode', ellipsis: true },
            { title: s('sortCode'), dataIndex: 'sortCode', width: 60, align: 'center' },
          ];

  const columns: TableColumnsType<AnyRow> = [
    ...kindColumns,
    { title: s('state'), dataIndex: 'enabledMark', width: 70, render: (m: number) => <EnabledTag mark={m} /> },
    {
      title: k('actions'),
      key: 'actions',
      width: 150,
      render: (_v, row) => {
        const locked = kind === 'scheme' && row.enCode === ALL_DATA_CODE;
        return (
          <Space size={0}>
            <Auth code="btn_edit">
              {locked ? (
                <Tooltip title={t('lockedScheme')}>
                  <Button type="link" size="small" disabled>
                    {k('edit')}
                  </Button>
                </Tooltip>
              ) : (
                <Button type="link" size="small" onClick={() => setForm({ open: true, row })}>
                  {k('edit')}
                </Button>
              )}
            </Auth>
            {canEdit && (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  confirmToggle(row.enabledMark === 1, {
                    action: () => menuApi.toggleItem(kind!, row.id),
                    onDone: refresh,
                  })
                }
              >
                {row.enabledMark === 1 ? s('disable') : s('enable')}
              </Button>
            )}
            <Auth code="btn_remove">
              <Button
                type="link"
                size="small"
                danger
                onClick={() => confirmDelete({ action: () => menuApi.removeItem(kind!, row.id), onDone: refresh })}
              >
                {k('remove')}
              </Button>
            </Auth>
          </Space>
        );
      },
    },
  ];

  const closeForm = () => setForm({ open: false });
  const saved = () => {
    setForm({ open: false });
    refresh();
  };

  return (
    <Drawer
      open={open}
      size={DRAWER_WIDTH}
      title={menu ? t('items', { kind: kindName, menu: menu.fullName }) : kindName}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Auth code="btn_add">
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
            {k('add')}
          </Button>
        </Auth>
      }
    >
      {holder}
      {isDataKind(kind) && (
        <Tabs
          size="small"
          activeKey={kind}
          onChange={(next) => onKindChange?.(next as ItemKind)}
          items={[
            { key: 'scheme', label: t('schemeTab') },
            { key: 'field', label: t('fieldTab') },
          ]}
        />
      )}
      <Table<AnyRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        pagination={false}
        tableLayout="fixed"
        locale={list.isError ? { emptyText: <LoadError onRetry={() => void list.refetch()} /> } : undefined}
      />
      {kind && menu && !isDataKind(kind) && (
        <ItemForm
          kind={kind as PlainKind}
          menu={menu}
          open={form.open}
          row={form.row}
          onClose={closeForm}
          onSaved={saved}
        />
      )}
      {kind === 'field' && menu && (
        <FieldForm
          menu={menu}
          open={form.open}
          row={form.row as DataFieldRow | undefined}
          onClose={closeForm}
          onSaved={saved}
        />
      )}
      {kind === 'scheme' && menu && (
        <SchemeForm
          // a fresh form (and a fresh read of the scheme) per opening
          key={form.open ? (form.row?.id ?? 'new') : 'closed'}
          menu={menu}
          open={form.open}
          row={form.row}
          onClose={closeForm}
          onSaved={saved}
        />
      )}
    </Drawer>
  );
}

// The permission items of one menu, of one kind: buttons, list columns, form fields or data schemes. A list
// with add, edit, enable/disable and delete (each confirmed), and the item dialog.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Radio, Space, Switch, Table, type TableColumnsType } from 'antd';
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
import { NameCodeFields, TailFields } from '../../permission/shared/CommonFields';
import { sharedTexts } from '../../permission/shared/texts';
import { menuApi, type ItemKind, type ItemRow, type MenuRow } from './api';
import { texts } from './texts';

type ItemValues = Partial<ItemRow>;

function ItemForm({
  kind,
  menu,
  open,
  row,
  onClose,
  onSaved,
}: {
  kind: ItemKind;
  menu: MenuRow;
  open: boolean;
  row?: ItemRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = texts.useText();
  const s = sharedTexts.useText();
  const [form] = Form.useForm<ItemValues>();
  useEffect(() => {
    if (open && row) form.setFieldsValue(row);
  }, [open, row, form]);
  return (
    <FormDialog<ItemValues>
      open={open}
      title={row ? t('itemEdit') : t('itemAdd')}
      form={form}
      initialValues={{ enabledMark: 1, sortCode: 0, allData: 0, matchLogic: 'and' }}
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
      <NameCodeFields
        variant="menu"
        nameLabel={kind === 'scheme' ? t('schemeName') : s('fullName')}
        nameRequired={kind === 'scheme' ? t('schemeNameRequired') : t('nameRequired')}
        codeRequired={t('codeRequired')}
      />
      {(kind === 'column' || kind === 'form') && (
        <Form.Item name="bindTable" label={t('bindTable')} rules={[maxLength(s('nameTooLong'), 200)]}>
          <Input autoComplete="off" />
        </Form.Item>
      )}
      {kind === 'scheme' && (
        <>
          <Form.Item
            name="allData"
            label={t('allData')}
            getValueProps={(value: number) => ({ checked: value === 1 })}
            normalize={(checked: boolean) => (checked ? 1 : 0)}
          >
            <Switch />
          </Form.Item>
          <Form.Item name="matchLogic" label={t('matchLogic')}>
            <Radio.Group
              options={[
                { value: 'and', label: 'AND' },
                { value: 'or', label: 'OR' },
              ]}
            />
          </Form.Item>
        </>
      )}
      <TailFields />
    </FormDialog>
  );
}

export function ItemsDrawer({ kind, menu, onClose }: { kind?: ItemKind; menu?: MenuRow; onClose: () => void }) {
  const t = texts.useText();
  const s = sharedTexts.useText();
  const k = kitTexts.useText();
  const client = useQueryClient();
  const canEdit = useAuth('btn_edit');
  const { confirmDelete, confirmToggle, holder } = useConfirmAction();
  const [form, setForm] = useState<{ open: boolean; row?: ItemRow }>({ open: false });
  const open = !!kind && !!menu;
  const key = ['system', 'menu', 'items', kind, menu?.id];
  const list = useQuery({ queryKey: key, queryFn: () => menuApi.items(kind!, menu!.id), enabled: open });
  const refresh = () => void client.invalidateQueries({ queryKey: key });
  const kindName = kind
    ? { button: t('buttonAuth'), column: t('columnAuth'), form: t('formAuth'), scheme: t('dataAuth') }[kind]
    : '';

  const columns: TableColumnsType<ItemRow> = [
    { title: s('fullName'), dataIndex: 'fullName', ellipsis: true },
    { title: s('enCode'), dataIndex: 'enCode', ellipsis: true },
    { title: s('sortCode'), dataIndex: 'sortCode', width: 60, align: 'center' },
    { title: s('state'), dataIndex: 'enabledMark', width: 70, render: (m: number) => <EnabledTag mark={m} /> },
    {
      title: k('actions'),
      key: 'actions',
      width: 170,
      render: (_v, row) => (
        <Space size={0}>
          <Auth code="btn_edit">
            <Button type="link" size="small" onClick={() => setForm({ open: true, row })}>
              {k('edit')}
            </Button>
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
      ),
    },
  ];

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
      <Table<ItemRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        pagination={false}
        locale={list.isError ? { emptyText: <LoadError onRetry={() => void list.refetch()} /> } : undefined}
      />
      {kind && menu && (
        <ItemForm
          kind={kind}
          menu={menu}
          open={form.open}
          row={form.row}
          onClose={() => setForm({ open: false })}
          onSaved={() => {
            setForm({ open: false });
            refresh();
          }}
        />
      )}
    </Drawer>
  );
}

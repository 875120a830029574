// The application screen (system/system): the applications (keyword), add, edit and delete; the state is
// edited in the dialog. The main system cannot be deleted.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import {
  AdminPage,
  EnabledTag,
  FormDialog,
  kitTexts,
  LoadError,
  maxLength,
  Panel,
  SearchBar,
  Toolbar,
  useConfirmAction,
} from '../../../components/admin';
import { Auth } from '../../../platform/auth/Auth';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { fieldTexts } from '../../../components/form/texts';
import { systemApi, systemKeys, type SystemInput, type SystemRow } from './api';
import { texts } from './texts';

function SystemForm({
  open,
  row,
  onClose,
  onSaved,
}: {
  open: boolean;
  row?: SystemRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const [form] = Form.useForm<SystemInput>();
  useEffect(() => {
    if (open && row) form.setFieldsValue(row);
  }, [open, row, form]);
  return (
    <FormDialog<SystemInput>
      open={open}
      title={row ? t('edit') : t('add')}
      form={form}
      initialValues={{ enabledMark: 1, sortCode: 0 }}
      onCancel={onClose}
      onSaved={onSaved}
      onSubmit={(values) => {
        const input = {
          ...values,
          icon: values.icon ?? '',
          description: values.description ?? '',
          sortCode: values.sortCode ?? 0,
        };
        return row ? systemApi.update(row.id, { ...input, version: row.version }) : systemApi.create(input);
      }}
    >
      <NameCodeFields
        variant="menu"
        nameLabel={t('fullName')}
        codeLabel={t('enCode')}
        nameRequired={t('nameRequired')}
        codeRequired={t('codeRequired')}
      />
      <Form.Item name="icon" label={t('icon')} rules={[maxLength(s('nameTooLong'), 200)]}>
        <Input placeholder="icon-ym icon-ym-…" autoComplete="off" />
      </Form.Item>
      <TailFields />
    </FormDialog>
  );
}

export default function SystemPage() {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const k = kitTexts.useText();
  const client = useQueryClient();
  const { confirmDelete, holder } = useConfirmAction();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [form, setForm] = useState<{ open: boolean; row?: SystemRow }>({ open: false });
  const list = useQuery({
    queryKey: [...systemKeys.list, applied],
    queryFn: () => systemApi.list(applied),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: systemKeys.list });

  const columns: TableColumnsType<SystemRow> = [
    {
      title: t('fullName'),
      dataIndex: 'fullName',
      width: 200,
      render: (name: string, row) => (
        <Space>
          {name}
          {row.mainSystem && <Tag color="blue">{t('main')}</Tag>}
        </Space>
      ),
    },
    { title: t('enCode'), dataIndex: 'enCode', width: 160 },
    { title: t('icon'), dataIndex: 'icon', width: 200, ellipsis: true },
    { title: s('description'), dataIndex: 'description', width: 200, ellipsis: true },
    {
      title: s('creatorTime'),
      dataIndex: 'creatorTime',
      width: 150,
      render: (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : ''),
    },
    { title: s('sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' },
    {
      title: s('state'),
      dataIndex: 'enabledMark',
      width: 80,
      align: 'center',
      render: (m: number) => <EnabledTag mark={m} />,
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Auth code="btn_edit">
            <Button type="link" size="small" onClick={() => setForm({ open: true, row })}>
              {k('edit')}
            </Button>
          </Auth>
          {!row.mainSystem && (
            <Auth code="btn_remove">
              <Button
                type="link"
                size="small"
                danger
                onClick={() => confirmDelete({ action: () => systemApi.remove(row.id), onDone: refresh })}
              >
                {k('remove')}
              </Button>
            </Auth>
          )}
        </Space>
      ),
    },
  ];

  return (
    <AdminPage>
      {holder}
      <Panel>
        <SearchBar
          keyword={keyword}
          onKeywordChange={setKeyword}
          onSearch={() => setApplied(keyword.trim())}
          onReset={() => {
            setKeyword('');
            setApplied('');
          }}
        />
      </Panel>
      <Panel grow>
        <Toolbar
          left={t('title')}
          right={
            <Auth code="btn_add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
                {k('add')}
              </Button>
            </Auth>
          }
        />
        <Table<SystemRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 1200 }}
          locale={list.isError ? { emptyText: <LoadError onRetry={() => void list.refetch()} /> } : undefined}
        />
      </Panel>
      <SystemForm
        open={form.open}
        row={form.row}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          refresh();
        }}
      />
    </AdminPage>
  );
}

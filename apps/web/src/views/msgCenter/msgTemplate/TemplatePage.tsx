// The message template screen (msgCenter/msgTemplate; administration.md §2.9, §7.1; protocol-entities §4.3):
// a paged list filtered by keyword, message source, channel, template type and state; new, edit, enable or
// disable, copy and delete with their confirmations, and the read-only view. System templates are shown but
// not changed or deleted.
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Select, Space, Table, Tooltip, type MenuProps, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import {
  AdminPage,
  EnabledTag,
  kitTexts,
  Panel,
  SearchBar,
  Toolbar,
  useConfirmAction,
  usePagedTable,
} from '../../../components/admin';
import { Auth, useAuth } from '../../../platform/auth/Auth';
import { useCodeDictionary } from '../shared/codes';
import { inputOf, templateApi, templateKeys, type TemplateRow } from './api';
import { TemplateForm } from './TemplateForm';
import { TemplateView } from './TemplateView';
import { texts } from './texts';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const time = (value: number | null) => (value ? dayjs(value).format(DATE_TIME) : '');

interface Filters {
  messageSource: string;
  messageType: string;
  templateType: string;
  enabledMark: string;
  [key: string]: string;
}

export default function TemplatePage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const canAdd = useAuth('btn_add');
  const canEdit = useAuth('btn_edit');
  const { confirmDelete, confirmToggle, confirm, holder } = useConfirmAction();
  const sources = useCodeDictionary('msgSourceType');
  const types = useCodeDictionary('msgSendType');
  const table = usePagedTable<TemplateRow, Filters>({
    queryKey: templateKeys.list,
    url: templateApi.listUrl,
    initialFilters: { messageSource: '', messageType: '', templateType: '', enabledMark: '' },
  });
  const [form, setForm] = useState<{ open: boolean; id?: string }>({ open: false });
  const [viewId, setViewId] = useState<string>();
  const refresh = () => void table.refresh();

  /** a system template's edit and delete: shown, not usable */
  const guarded = (row: TemplateRow, button: ReactNode) =>
    row.templateType === '1' ? <Tooltip title={t('systemReadOnly')}>{button}</Tooltip> : button;

  const toggle = (row: TemplateRow) =>
    confirmToggle(row.enabledMark === 1, {
      // the state is part of the template: the current record goes back with it flipped
      action: async () => {
        const info = await templateApi.info(row.id);
        return templateApi.update(row.id, { ...inputOf(info), enabledMark: info.enabledMark === 1 ? 0 : 1 });
      },
      onDone: refresh,
    });

  const moreItems: MenuProps['items'] = [
    ...(canAdd ? [{ key: 'copy', label: t('copy') }] : []),
    { key: 'view', label: t('view') },
  ];
  const onMore = (row: TemplateRow, key: string) => {
    if (key === 'copy') confirm(t('copyTip'), { action: () => templateApi.copy(row.id), onDone: refresh });
    else setViewId(row.id);
  };

  const columns: TableColumnsType<TemplateRow> = [
    { title: t('fullName'), dataIndex: 'fullName', width: 200, ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', width: 160, ellipsis: true },
    { title: t('messageSource'), dataIndex: 'messageSource', width: 100 },
    { title: t('messageType'), dataIndex: 'messageType', width: 110 },
    {
      title: t('templateType'),
      dataIndex: 'templateType',
      width: 100,
      render: (type: string) => (type === '1' ? t('systemTemplate') : t('customTemplate')),
    },
    { title: t('creatorUser'), dataIndex: 'creatorUser', width: 130, ellipsis: true },
    { title: t('creatorTime'), dataIndex: 'creatorTime', width: 170, render: time },
    { title: t('lastModifyTime'), dataIndex: 'lastModifyTime', width: 170, render: time },
    { title: t('sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' },
    {
      title: t('enabledMark'),
      dataIndex: 'enabledMark',
      width: 80,
      align: 'center',
      fixed: 'right',
      render: (mark: number) => <EnabledTag mark={mark} />,
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_value, row) => {
        const system = row.templateType === '1';
        return (
          <Space size={0}>
            <Auth code="btn_edit">
              {guarded(
                row,
                <Button type="link" size="small" disabled={system} onClick={() => setForm({ open: true, id: row.id })}>
                  {k('edit')}
                </Button>,
              )}
            </Auth>
            {canEdit && !system && (
              <Button type="link" size="small" onClick={() => toggle(row)}>
                {row.enabledMark === 1 ? k('disable') : k('enable')}
              </Button>
            )}
            <Auth code="btn_remove">
              {guarded(
                row,
                <Button
                  type="link"
                  size="small"
                  danger
                  disabled={system}
                  onClick={() => confirmDelete({ action: () => templateApi.remove(row.id), onDone: refresh })}
                >
                  {k('remove')}
                </Button>,
              )}
            </Auth>
            <Dropdown trigger={['click']} menu={{ items: moreItems, onClick: ({ key }) => onMore(row, key) }}>
              <Button type="link" size="small">
                {k('more')} <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        );
      },
    },
  ];

  const filter = (key: keyof Filters, label: string, all: string, options: { value: string; label: string }[]) => (
    <Select
      style={{ width: 150 }}
      aria-label={label}
      value={table.filters[key]}
      onChange={(value: string) => table.setFilter(key, value)}
      options={[{ value: '', label: all }, ...options]}
    />
  );

  return (
    <AdminPage>
      {holder}
      <Panel>
        <SearchBar
          keyword={table.keyword}
          onKeywordChange={table.setKeyword}
          onSearch={table.search}
          onReset={table.reset}
        >
          {filter('messageSource', t('messageSource'), t('allSources'), sources.options)}
          {filter('messageType', t('messageType'), t('allTypes'), types.options)}
          {filter('templateType', t('templateType'), t('allTemplateTypes'), [
            { value: '1', label: t('systemTemplate') },
            { value: '0', label: t('customTemplate') },
          ])}
          {filter('enabledMark', t('enabledMark'), t('allStates'), [
            { value: '1', label: k('enabled') },
            { value: '0', label: k('disabled') },
          ])}
        </SearchBar>
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
        <Table<TemplateRow> rowKey="id" size="middle" columns={columns} {...table.tableProps} scroll={{ x: 1520 }} />
      </Panel>
      <TemplateForm
        open={form.open}
        id={form.id}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          refresh();
        }}
      />
      <TemplateView id={viewId} onClose={() => setViewId(undefined)} />
    </AdminPage>
  );
}

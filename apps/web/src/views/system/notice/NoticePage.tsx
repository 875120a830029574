// The notice screen (system/notice; administration.md §4, §7.1; protocol-entities §4.1): a paged, sortable
// list filtered by keyword, type, state and release time; new and edit (drafts only: a released notice is
// what its recipients received), delete, details, and release, which sends every recipient an in-site
// message; each behind its button permission.
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  DatePicker,
  Dropdown,
  Select,
  Space,
  Table,
  Tooltip,
  type MenuProps,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  AdminPage,
  kitTexts,
  Panel,
  SearchBar,
  Toolbar,
  useConfirmAction,
  useDictionary,
} from '../../../components/admin';
import { Auth, useAuth } from '../../../platform/auth/Auth';
import { noticeApi, type NoticeRow } from './api';
import { NoticeDetail } from './NoticeDetail';
import { NoticeForm } from './NoticeForm';
import { NoticeStateTag } from './NoticeStateTag';
import { texts } from './texts';
import { useNoticeList } from './useNoticeList';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const time = (value: number | null) => (value ? dayjs(value).format(DATE_TIME) : '');

export default function NoticePage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const canRelease = useAuth('btn_release');
  const { confirmDelete, confirm, holder } = useConfirmAction();
  const categories = useDictionary('NoticeType');
  const list = useNoticeList();
  const [form, setForm] = useState<{ open: boolean; id?: string }>({ open: false });
  const [detailId, setDetailId] = useState<string>();
  const refresh = () => void list.refresh();

  const release = (row: NoticeRow) =>
    confirm(t('releaseTip'), { action: () => noticeApi.release(row.id), onDone: refresh });

  const moreItems = (row: NoticeRow): MenuProps['items'] => [
    { key: 'detail', label: t('detail') },
    ...(canRelease && row.enabledMark === 0 ? [{ key: 'release', label: t('release') }] : []),
  ];

  const columns: TableColumnsType<NoticeRow> = [
    {
      title: t('noticeTitle'),
      dataIndex: 'title',
      key: 'title',
      sorter: true,
      ellipsis: true,
      // the title takes what the other columns leave
      render: (title: string, row) => (
        <Button type="link" size="small" style={{ padding: 0, maxWidth: '100%' }} onClick={() => setDetailId(row.id)}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
        </Button>
      ),
    },
    { title: t('category'), dataIndex: 'category', width: 70, align: 'center', ellipsis: true },
    {
      title: t('expirationTime'),
      dataIndex: 'expirationTime',
      key: 'expirationTime',
      sorter: true,
      width: 160,
      render: time,
    },
    { title: t('creatorUser'), dataIndex: 'creatorUser', width: 110, ellipsis: true },
    { title: t('creatorTime'), dataIndex: 'creatorTime', key: 'creatorTime', sorter: true, width: 160, render: time },
    { title: t('releaseUser'), dataIndex: 'releaseUser', width: 110, ellipsis: true },
    { title: t('releaseTime'), dataIndex: 'releaseTime', key: 'releaseTime', sorter: true, width: 160, render: time },
    {
      title: t('state'),
      dataIndex: 'enabledMark',
      width: 80,
      align: 'center',
      fixed: 'right',
      render: (state: NoticeRow['enabledMark']) => <NoticeStateTag state={state} />,
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Auth code="btn_edit">
            {row.enabledMark === 0 ? (
              <Button type="link" size="small" onClick={() => setForm({ open: true, id: row.id })}>
                {k('edit')}
              </Button>
            ) : (
              <Tooltip title={t('releasedReadOnly')}>
                <Button type="link" size="small" disabled>
                  {k('edit')}
                </Button>
              </Tooltip>
            )}
          </Auth>
          <Auth code="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmDelete({ action: () => noticeApi.remove(row.id), onDone: refresh })}
            >
              {k('remove')}
            </Button>
          </Auth>
          <Dropdown
            trigger={['click']}
            menu={{
              items: moreItems(row),
              onClick: ({ key }) => (key === 'release' ? release(row) : setDetailId(row.id)),
            }}
          >
            <Button type="link" size="small">
              {k('more')} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  const releaseRange = list.filters.releaseTime;
  return (
    <AdminPage>
      {holder}
      <Panel>
        <SearchBar keyword={list.keyword} onKeywordChange={list.setKeyword} onSearch={list.search} onReset={list.reset}>
          <Select
            mode="multiple"
            style={{ minWidth: 160 }}
            aria-label={t('category')}
            placeholder={t('category')}
            value={list.filters.type}
            onChange={(value: string[]) => list.setFilter('type', value)}
            options={categories.items.map((item) => ({ value: item.enCode, label: item.fullName }))}
            loading={categories.isLoading}
            maxTagCount="responsive"
          />
          <Select
            mode="multiple"
            style={{ minWidth: 160 }}
            aria-label={t('state')}
            placeholder={t('state')}
            value={list.filters.enabledMark}
            onChange={(value: number[]) => list.setFilter('enabledMark', value)}
            options={[
              { value: 0, label: t('stateDraft') },
              { value: 1, label: t('stateReleased') },
              { value: 2, label: t('stateExpired') },
            ]}
            maxTagCount="responsive"
          />
          <DatePicker.RangePicker
            aria-label={t('releaseTime')}
            placeholder={[t('releaseFrom'), t('releaseTo')]}
            value={
              releaseRange.length === 2
                ? [
                    releaseRange[0] != null ? dayjs(releaseRange[0]) : null,
                    releaseRange[1] != null ? dayjs(releaseRange[1]) : null,
                  ]
                : null
            }
            allowEmpty={[true, true]}
            onChange={(range) =>
              list.setFilter(
                'releaseTime',
                range ? [range[0]?.startOf('day').valueOf() ?? null, range[1]?.endOf('day').valueOf() ?? null] : [],
              )
            }
          />
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
        <Table<NoticeRow> rowKey="id" size="middle" columns={columns} {...list.tableProps} scroll={{ x: 1200 }} />
      </Panel>
      <NoticeForm
        open={form.open}
        id={form.id}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          refresh();
        }}
      />
      <NoticeDetail id={detailId} onClose={() => setDetailId(undefined)} />
    </AdminPage>
  );
}

// The notice list declared in one place: its columns (the title opens the details), the filters (type,
// state and release time) and no standard tail columns (the creation time sits among the data columns).
import { Button, DatePicker, Select, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useDictionary } from '../../../components/admin';
import type { CrudFrameProps } from '../../../components/crud/CrudList';
import type { NoticeRow } from './api';
import { NoticeStateTag } from './NoticeStateTag';
import { texts } from './texts';
import type { useNoticeList } from './useNoticeList';

type NoticeList = ReturnType<typeof useNoticeList>;

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const time = (value: number | null) => (value ? dayjs(value).format(DATE_TIME) : '');

export const NOTICE_TAIL: CrudFrameProps<NoticeRow, NoticeList>['tail'] = {
  creatorTime: false,
  sortCode: false,
  state: false,
};

export function useNoticeColumns(onOpen: (id: string) => void): TableColumnsType<NoticeRow> {
  const t = texts.useText();
  return [
    {
      title: t('noticeTitle'),
      dataIndex: 'title',
      key: 'title',
      sorter: true,
      ellipsis: true,
      // the title takes what the other columns leave
      render: (title: string, row) => (
        <Button type="link" size="small" style={{ padding: 0, maxWidth: '100%' }} onClick={() => onOpen(row.id)}>
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
  ];
}

export function NoticeFilters({ list }: { list: NoticeList }) {
  const t = texts.useText();
  const categories = useDictionary('NoticeType');
  const releaseRange = list.filters.releaseTime;
  return (
    <>
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
    </>
  );
}

// My sign-in log, newest first, paged on the server (GET /api/permission/Users/Current/SystemLog).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { fetchMyLoginLog, type LoginLogEntry } from '../../platform/api/currentUser';
import { useProfileText } from './texts';

const PAGE_SIZE = 20;

export default function LoginLog() {
  const text = useProfileText();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: PAGE_SIZE });
  const { data, isFetching } = useQuery({
    queryKey: ['currentUser', 'loginLog', keyword, page.currentPage, page.pageSize],
    queryFn: async () => (await fetchMyLoginLog({ ...page, keyword })).data,
    placeholderData: keepPreviousData,
  });

  return (
    <div>
      <Input.Search
        allowClear
        placeholder={text('keywordPlaceholder')}
        style={{ maxWidth: 320, marginBottom: 16 }}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage((current) => ({ ...current, currentPage: 1 }));
        }}
      />
      <Table<LoginLogEntry>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 760 }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => text('total', { n: total }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          {
            key: 'time',
            title: text('logTime'),
            dataIndex: 'creatorTime',
            width: 180,
            render: (value: number) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : ''),
          },
          { key: 'ip', title: text('logIp'), dataIndex: 'ipaddress', width: 150 },
          { key: 'place', title: text('logPlace'), dataIndex: 'ipaddressName', width: 140 },
          { key: 'browser', title: text('logBrowser'), dataIndex: 'browser', width: 140 },
          { key: 'platform', title: text('logPlatform'), dataIndex: 'platForm', width: 140 },
          {
            key: 'result',
            title: text('logResult'),
            dataIndex: 'loginMark',
            width: 100,
            render: (value: number) =>
              value === 1 ? (
                <Tag color="success">{text('logSuccess')}</Tag>
              ) : (
                <Tag color="error">{text('logFailure')}</Tag>
              ),
          },
        ]}
      />
    </div>
  );
}

// My organisations or my positions, with the main one marked; another can be made the main one
// (PUT /api/permission/Users/Current/major). The server's message is shown and the session info reloads.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Table, Tag } from 'antd';
import { useState } from 'react';
import { loadUserSession } from '../../app/session/loadUserSession';
import { fetchMyOrganizes, fetchMyPositions, switchMajor, type MajorEntry } from '../../platform/api/currentUser';
import { feedback } from '../../platform/feedback';
import { useProfileText } from './texts';

interface MajorListProps {
  kind: 'Organize' | 'Position';
}

export default function MajorList({ kind }: MajorListProps) {
  const text = useProfileText();
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState<string | null>(null);
  const queryKey = ['currentUser', kind];
  const { data = [], isFetching } = useQuery({
    queryKey,
    queryFn: async () =>
      ((kind === 'Organize' ? await fetchMyOrganizes() : await fetchMyPositions()).data ?? []) as MajorEntry[],
  });

  const makeMain = async (entry: MajorEntry) => {
    setSwitching(entry.id);
    try {
      const result = await switchMajor(entry.id, kind);
      feedback.success(result.msg, 1.5);
      await queryClient.invalidateQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey: ['currentUser', 'baseInfo'] });
      await loadUserSession().catch(() => undefined);
    } catch {
      // reported by the request layer
    } finally {
      setSwitching(null);
    }
  };

  return (
    <Table<MajorEntry>
      rowKey="id"
      size="middle"
      loading={isFetching}
      dataSource={data}
      pagination={false}
      locale={{ emptyText: kind === 'Organize' ? text('noOrganize') : text('noPosition') }}
      columns={[
        {
          key: 'name',
          title: kind === 'Organize' ? text('organizeName') : text('positionName'),
          dataIndex: 'fullName',
        },
        {
          key: 'status',
          title: text('status'),
          width: 140,
          render: (_value, entry) =>
            entry.isDefault ? (
              <Tag color="processing">{kind === 'Organize' ? text('mainOrganize') : text('mainPosition')}</Tag>
            ) : null,
        },
        {
          key: 'actions',
          title: text('actions'),
          width: 140,
          render: (_value, entry) =>
            entry.isDefault ? null : (
              <Button
                type="link"
                size="small"
                loading={switching === entry.id}
                disabled={Boolean(switching)}
                onClick={() => void makeMain(entry)}
              >
                {text('setMajor')}
              </Button>
            ),
        },
      ]}
    />
  );
}

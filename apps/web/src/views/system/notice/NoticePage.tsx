// The notice screen (system/notice): a paged, sortable list filtered by keyword, type, state and release
// time; new and edit (drafts only: a released notice is what its recipients received), delete, details, and
// release, which sends every recipient an in-site message; each behind its button permission. Its columns
// and filters are in data.tsx.
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { kitTexts, useConfirmAction } from '../../../components/admin';
import { CrudFrame } from '../../../components/crud/CrudList';
import { useAuth } from '../../../platform/auth/Auth';
import { noticeApi, type NoticeRow } from './api';
import { NOTICE_TAIL, NoticeFilters, useNoticeColumns } from './data';
import { NoticeDetail } from './NoticeDetail';
import { NoticeForm } from './NoticeForm';
import { texts } from './texts';
import { useNoticeList } from './useNoticeList';

export default function NoticePage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const canRelease = useAuth('btn_release');
  const { confirm, holder } = useConfirmAction();
  const list = useNoticeList();
  const [detailId, setDetailId] = useState<string>();
  const columns = useNoticeColumns(setDetailId);

  const release = (row: NoticeRow) =>
    confirm(t('releaseTip'), { action: () => noticeApi.release(row.id), onDone: () => void list.refresh() });

  const moreItems = (row: NoticeRow): MenuProps['items'] => [
    { key: 'detail', label: t('detail') },
    ...(canRelease && row.enabledMark === 0 ? [{ key: 'release', label: t('release') }] : []),
  ];

  return (
    <CrudFrame<NoticeRow, typeof list>
      title={t('title')}
      table={list}
      columns={columns}
      tail={NOTICE_TAIL}
      remove={(row) => noticeApi.remove(row.id)}
      editRefused={(row) => (row.enabledMark === 0 ? undefined : t('releasedReadOnly'))}
      filters={(table) => <NoticeFilters list={table} />}
      rowActionsEnd={(row) => (
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
      )}
      actionsWidth={180}
      renderForm={(slot) => <NoticeForm {...slot} />}
      scrollX={1200}
    >
      {() => (
        <>
          {holder}
          <NoticeDetail id={detailId} onClose={() => setDetailId(undefined)} />
        </>
      )}
    </CrudFrame>
  );
}

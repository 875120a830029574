// The in-site message drawer of the header's bell: keyword search, the type filter (the msgSourceType dictionary with
// 'All'), 'unread only' on by default, 'All read' after a confirmation (same filters), an endless list that loads the
// next page within 200 px of its bottom, and a 'more' link to the message centre. Opening it reloads the first page and
// syncs the badge with the server; a messagePush while it is open reloads the first page.
import {
  ApartmentOutlined,
  CalendarOutlined,
  CheckOutlined,
  DesktopOutlined,
  LoadingOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Input, Select, Spin, Switch } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LoadError, useConfirmAction } from '../../components/admin';
import { onFrame } from '../../platform/realtime';
import { messageApi, messageKeys, MessageType, syncNoticeBadge, type MessageFilters, type MessageRow } from './api';
import styles from './notice.module.css';
import { noticeTexts } from './texts';
import { useMessageTypes } from './useMessageTypes';
import { useOpenMessage } from './useOpenMessage';

/** the next page loads when the list is scrolled within this distance of its bottom */
export const LOAD_MORE_DISTANCE_PX = 200;
const DRAWER_WIDTH = 400;
const TIME = 'YYYY-MM-DD HH:mm';

const TYPE_ICONS: Record<number, ReactNode> = {
  [MessageType.system]: <DesktopOutlined />,
  [MessageType.flow]: <ApartmentOutlined />,
  [MessageType.notice]: <SoundOutlined />,
  [MessageType.schedule]: <CalendarOutlined />,
};

const INITIAL_FILTERS: MessageFilters = { keyword: '', type: '', isRead: '0' };

export default function MessageDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = noticeTexts.useText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const types = useMessageTypes();
  const { confirm, holder } = useConfirmAction();
  const { openMessage, openingId, dialogs } = useOpenMessage({ onNavigate: onClose });
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<MessageFilters>(INITIAL_FILTERS);

  // each opening starts from a fresh first page: the key carries the opening's number
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening((n) => n + 1);
  }
  const queryKey = useMemo(() => [...messageKeys.drawer(filters), opening] as const, [filters, opening]);

  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => messageApi.list(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) =>
      pagination.currentPage * pagination.pageSize < pagination.total ? pagination.currentPage + 1 : undefined,
    enabled: open,
    gcTime: 0,
  });
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);

  const reloadFirstPage = useCallback(() => client.resetQueries({ queryKey, exact: true }), [client, queryKey]);

  useEffect(() => {
    if (open) void syncNoticeBadge();
  }, [open, opening]);

  useEffect(() => {
    if (!open) return undefined;
    return onFrame('messagePush', () => void reloadFirstPage());
  }, [open, reloadFirstPage]);

  const listRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMoreIfNearBottom = useCallback(() => {
    const list = listRef.current;
    if (!list || !hasNextPage || isFetchingNextPage) return;
    if (list.scrollHeight - list.scrollTop - list.clientHeight <= LOAD_MORE_DISTANCE_PX) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // a page that does not fill the list leaves nothing to scroll: load on until it does
  useEffect(() => {
    if (open && !query.isFetching) loadMoreIfNearBottom();
  }, [open, query.isFetching, rows.length, loadMoreIfNearBottom]);

  const setFilter = (patch: Partial<MessageFilters>) => setFilters((current) => ({ ...current, ...patch }));

  const markAllRead = () =>
    confirm(t('allReadConfirm'), {
      action: () => messageApi.readAll(filters),
      onDone: () => {
        void client.invalidateQueries({ queryKey: messageKeys.all });
        void syncNoticeBadge();
      },
    });

  const showMore = () => {
    onClose();
    void navigate('/messageRecord');
  };

  let content: ReactNode;
  if (query.isPending && query.fetchStatus !== 'idle') content = <Spin className={styles.center} />;
  else if (query.isError && rows.length === 0) content = <LoadError onRetry={() => void query.refetch()} />;
  else if (rows.length === 0) content = <Empty className={styles.center} description={t('empty')} />;
  else
    content = (
      <>
        <ul className={styles.list}>
          {rows.map((row) => (
            <li key={row.id}>
              <MessageItem
                row={row}
                typeName={types.label(row.type)}
                busy={openingId === row.id}
                onOpen={() => void openMessage(row)}
                readText={row.isRead === 1 ? t('read') : t('unread')}
              />
            </li>
          ))}
        </ul>
        <div className={styles.listEnd} aria-live="polite">
          {isFetchingNextPage ? (
            <>
              <LoadingOutlined /> {t('loadingMore')}
            </>
          ) : hasNextPage ? null : (
            t('noMore')
          )}
        </div>
      </>
    );

  return (
    <Drawer
      title={t('title')}
      open={open}
      onClose={onClose}
      size={DRAWER_WIDTH}
      className={styles.drawer}
      classNames={{ body: styles.drawerBody }}
      footer={
        <div className={styles.footer}>
          <Button type="link" onClick={showMore}>
            {t('more')}
          </Button>
        </div>
      }
    >
      {holder}
      <div className={styles.filters}>
        <Input.Search
          allowClear
          value={keyword}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => setFilter({ keyword: value.trim() })}
        />
        <div className={styles.filterRow}>
          <Select
            className={styles.typeSelect}
            aria-label={t('type')}
            value={filters.type}
            options={types.options}
            loading={types.isLoading}
            onChange={(type: string) => setFilter({ type })}
          />
          <label className={styles.unreadSwitch}>
            <Switch
              size="small"
              checked={filters.isRead === '0'}
              onChange={(checked) => setFilter({ isRead: checked ? '0' : '' })}
            />
            {t('unreadOnly')}
          </label>
          <Button icon={<CheckOutlined />} onClick={markAllRead}>
            {t('allRead')}
          </Button>
        </div>
      </div>
      <div ref={listRef} className={styles.scroller} onScroll={loadMoreIfNearBottom} data-testid="message-list">
        {content}
      </div>
      {dialogs}
    </Drawer>
  );
}

interface MessageItemProps {
  row: MessageRow;
  typeName: string;
  readText: string;
  busy: boolean;
  onOpen: () => void;
}

function MessageItem({ row, typeName, readText, busy, onOpen }: MessageItemProps) {
  const unread = row.isRead !== 1;
  return (
    <button type="button" className={styles.item} onClick={onOpen} aria-busy={busy}>
      <span className={`${styles.icon} ${styles[`type${row.type}`] ?? ''}`}>
        {busy ? <LoadingOutlined /> : (TYPE_ICONS[row.type] ?? <SoundOutlined />)}
      </span>
      <span className={styles.itemText}>
        <span className={styles.itemTitle} title={row.title}>
          {row.title}
        </span>
        <span className={styles.itemMeta}>
          <span>{typeName}</span>
          <span>{row.releaseTime ? dayjs(row.releaseTime).format(TIME) : ''}</span>
        </span>
      </span>
      <span className={unread ? styles.unread : styles.read}>
        {unread && <span className={styles.dot} aria-hidden />}
        {readText}
      </span>
    </button>
  );
}

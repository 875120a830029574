// The chat history with one person: keyword search over what was said, 50 a page, newest first, the keyword
// marked in each message.
import { Button, Empty, Input, Pagination, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onFrame, sendFrame } from '../../platform/realtime';
import { useSession } from '../../platform/session';
import styles from './chat.module.css';
import type { Peer } from './chatStore';
import { chatTime } from './chatTime';
import { MessageBody } from './MessageContent';
import { chatTexts } from './texts';
import { pageFromFrame, type MessagePage } from './types';

/** History page size. */
export const HISTORY_PAGE_SIZE = 50;

type Status = 'loading' | 'ready' | 'error';

export function HistoryPanel({ peer }: { peer: Peer }) {
  const t = chatTexts.useText();
  const me = useSession((state) => state.userInfo);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState<MessagePage | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  /** the request whose answer is awaited; other answers are stale */
  const wanted = useRef({ keyword: '', currentPage: 1 });

  const load = useCallback(
    (search: string, currentPage: number) => {
      wanted.current = { keyword: search, currentPage };
      const sent = sendFrame({
        method: 'MessageList',
        toUserId: peer.id,
        formUserId: me?.userId ?? '',
        currentPage,
        pageSize: HISTORY_PAGE_SIZE,
        sord: 'desc',
        keyword: search,
      });
      setStatus(sent ? 'loading' : 'error');
    },
    [peer.id, me?.userId],
  );

  useEffect(
    () =>
      onFrame('messageList', (frame) => {
        const answer = pageFromFrame(frame);
        if (
          !answer ||
          answer.toUserId !== peer.id ||
          answer.pageSize !== HISTORY_PAGE_SIZE ||
          answer.keyword !== wanted.current.keyword ||
          answer.currentPage !== wanted.current.currentPage
        )
          return;
        setPage(answer);
        setStatus('ready');
      }),
    [peer.id],
  );

  useEffect(() => load('', 1), [load]);

  const search = (value: string) => {
    const trimmed = value.trim();
    setKeyword(trimmed);
    load(trimmed, 1);
  };

  // newest first: a page comes oldest first
  const messages = page ? [...page.list].reverse() : [];

  return (
    <div className={styles.history} data-testid="chat-history-panel">
      <Input.Search
        allowClear
        placeholder={t('historySearch')}
        aria-label={t('historySearch')}
        onSearch={search}
        maxLength={200}
        enterButton
      />
      <div className={styles.historyList}>
        {status === 'error' ? (
          <div className={styles.listState}>
            <span>{t('loadFailed')}</span>
            <Button size="small" onClick={() => load(keyword, wanted.current.currentPage)}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <Spin spinning={status === 'loading'}>
            {messages.length === 0 && status === 'ready' ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('noMatch') : t('noHistory')} />
            ) : (
              <ul className={styles.historyItems}>
                {messages.map((message, index) => {
                  const mine = message.sendUserId === me?.userId;
                  return (
                    <li key={message.id ?? index} className={styles.historyItem} data-testid="chat-history-item">
                      <div className={styles.historyMeta}>
                        <span className={mine ? styles.historyMine : styles.historyTheirs}>
                          {mine ? (me?.userName ?? t('me')) : peer.realName}
                        </span>
                        <span>{chatTime(message.sendTime, t('yesterday'))}</span>
                      </div>
                      <MessageBody message={message} keyword={keyword} />
                    </li>
                  );
                })}
              </ul>
            )}
          </Spin>
        )}
      </div>
      {page && page.total > HISTORY_PAGE_SIZE && (
        <Pagination
          size="small"
          align="center"
          current={page.currentPage}
          pageSize={HISTORY_PAGE_SIZE}
          total={page.total}
          showSizeChanger={false}
          onChange={(currentPage) => load(keyword, currentPage)}
        />
      )}
    </div>
  );
}

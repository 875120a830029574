// The open chat: who it is with (and whether they are online), the messages (newest page first, older pages
// when scrolling up), the composer, and the history search.
import { ArrowLeftOutlined, CloseOutlined, HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Spin, Tooltip } from 'antd';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { useRealtime } from '../../platform/realtime';
import { useSession } from '../../platform/session';
import styles from './chat.module.css';
import { hasOlderMessages, loadOlderMessages, resumeOpenChat, useChatStore, type Peer } from './chatStore';
import { chatTime, TIME_GAP_MS } from './chatTime';
import { Composer } from './Composer';
import { HistoryPanel } from './HistoryPanel';
import { MessageBody } from './MessageContent';
import { PersonAvatar } from './PersonAvatar';
import { chatTexts } from './texts';
import type { ChatMessage } from './types';

/** Within this many px of the top, the next older page loads. */
const LOAD_OLDER_WITHIN_PX = 40;
/** Within this many px of the bottom, a new message scrolls into view. */
const FOLLOW_WITHIN_PX = 80;

interface ChatPanelProps {
  peer: Peer;
  /** narrow drawer: the panel replaces the list and offers "back" instead of "close" */
  narrow: boolean;
  onClose: () => void;
}

export function ChatPanel({ peer, narrow, onClose }: ChatPanelProps) {
  const t = chatTexts.useText();
  const online = useRealtime((state) => state.onlineUsers.has(peer.id));
  const connected = useRealtime((state) => state.status === 'open');
  const [historyOpen, setHistoryOpen] = useState(false);
  const name = peer.account ? `${peer.realName}/${peer.account}` : peer.realName;

  return (
    <section className={styles.chat} aria-label={t('messagesOf', { name: peer.realName })} data-testid="chat-panel">
      <header className={styles.chatHeader}>
        {narrow && <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('back')} onClick={onClose} />}
        <PersonAvatar id={peer.id} name={peer.realName} headIcon={peer.headIcon} size={32} />
        <div className={styles.chatTitle}>
          <div className={styles.name} title={name}>
            {name}
          </div>
          <div className={styles.subtitle}>
            <span className={online ? styles.statusOnline : styles.statusOffline}>
              {online ? t('online') : t('offline')}
            </span>
            {peer.department && <span className={styles.department}>{peer.department}</span>}
          </div>
        </div>
        <Tooltip title={t('history')}>
          <Button
            type="text"
            icon={<HistoryOutlined />}
            aria-label={t('history')}
            onClick={() => setHistoryOpen(true)}
            data-testid="chat-history"
          />
        </Tooltip>
        {!narrow && (
          <Tooltip title={t('closeChat')}>
            <Button type="text" icon={<CloseOutlined />} aria-label={t('closeChat')} onClick={onClose} />
          </Tooltip>
        )}
      </header>
      {!connected && <Alert type="warning" banner title={t('connecting')} className={styles.banner} />}
      <MessageList peer={peer} />
      <Composer key={peer.id} peerId={peer.id} />
      <Drawer
        title={`${t('history')} · ${peer.realName}`}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        size={narrow ? '100%' : 440}
        destroyOnHidden
        classNames={{ body: styles.historyBody }}
      >
        <HistoryPanel peer={peer} />
      </Drawer>
    </section>
  );
}

function MessageList({ peer }: { peer: Peer }) {
  const t = chatTexts.useText();
  const me = useSession((state) => state.userInfo?.userId ?? '');
  const messages = useChatStore((state) => state.messages);
  const status = useChatStore((state) => state.messagesStatus);
  const older = useChatStore(hasOlderMessages);
  const list = useRef<HTMLDivElement>(null);
  /** what the list looked like before this render: tells a prepended page from an appended message */
  const before = useRef({ first: null as ChatMessage | null, last: null as ChatMessage | null, height: 0, top: 0 });

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const previous = before.current;
    const first = messages[0] ?? null;
    const last = messages[messages.length - 1] ?? null;
    const nearBottom = previous.height - previous.top - element.clientHeight <= FOLLOW_WITHIN_PX;
    if (previous.first && first !== previous.first && last === previous.last) {
      // an older page came in above: keep what the reader was looking at in place
      element.scrollTop = element.scrollHeight - previous.height + previous.top;
    } else if (last !== previous.last && (!previous.last || nearBottom || last?.sendUserId === me)) {
      element.scrollTop = element.scrollHeight;
    }
    before.current = { first, last, height: element.scrollHeight, top: element.scrollTop };
  }, [messages, me]);

  const onScroll = () => {
    const element = list.current;
    if (!element) return;
    before.current = { ...before.current, height: element.scrollHeight, top: element.scrollTop };
    if (element.scrollTop <= LOAD_OLDER_WITHIN_PX) loadOlderMessages();
  };

  return (
    <div ref={list} className={styles.messages} onScroll={onScroll} data-testid="chat-messages">
      {status === 'error' ? (
        <div className={styles.listState}>
          <span>{t('loadFailed')}</span>
          <Button size="small" onClick={resumeOpenChat}>
            {t('retry')}
          </Button>
        </div>
      ) : older ? (
        <div className={styles.listState}>
          <Button type="link" size="small" onClick={loadOlderMessages} loading={status === 'loading'}>
            {t('loadEarlier')}
          </Button>
        </div>
      ) : null}
      {status === 'loading' && messages.length === 0 && (
        <div className={styles.listState}>
          <Spin />
        </div>
      )}
      {status === 'ready' && messages.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMessages')} />
      )}
      {messages.map((message, index) => {
        const previous = messages[index - 1];
        const showTime = !previous || message.sendTime - previous.sendTime > TIME_GAP_MS;
        const mine = message.sendUserId === me;
        return (
          <Fragment key={message.id ?? `live-${message.sendUserId}-${message.sendTime}-${message.contentType}`}>
            {showTime && <div className={styles.timeLabel}>{chatTime(message.sendTime, t('yesterday'))}</div>}
            <div className={`${styles.messageRow} ${mine ? styles.mine : ''}`} data-testid="chat-message">
              {!mine && <PersonAvatar id={peer.id} name={peer.realName} headIcon={peer.headIcon} size={32} />}
              <div
                className={`${styles.bubble} ${message.contentType === 'text' ? '' : styles.mediaBubble}`}
                title={chatTime(message.sendTime, t('yesterday'))}
              >
                <MessageBody message={message} />
              </div>
            </div>
          </Fragment>
        );
      })}
    </div>
  );
}

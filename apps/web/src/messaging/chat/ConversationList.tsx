// The Messages tab: recent conversations, newest first, with the last message, its time, the unread count and
// an online dot. Right-click (or the row's "more" button, or Shift+F10 / the menu key on a row) offers removing
// the conversation or clearing its records; clearing asks first.
import { ClearOutlined, DeleteOutlined, MoreOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Empty, Spin, type MenuProps } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import { showServerSuccess, useConfirmAction } from '../../components/admin';
import { BADGE_MAX } from '../../platform/messageCounts';
import styles from './chat.module.css';
import { clearRecordsOf, loadConversations, removeConversationOf, useChatStore } from './chatStore';
import { conversationTime } from './chatTime';
import { messagePreview } from './MessageContent';
import { PersonAvatar } from './PersonAvatar';
import { chatTexts } from './texts';
import type { Conversation } from './types';

export function ConversationList({ onChoose }: { onChoose: (conversation: Conversation) => void }) {
  const t = chatTexts.useText();
  const conversations = useChatStore((state) => state.conversations);
  const status = useChatStore((state) => state.conversationsStatus);
  const activeId = useChatStore((state) => state.peer?.id);
  const { confirm, holder } = useConfirmAction();

  const act = (conversation: Conversation, action: string) => {
    if (action === 'remove')
      void removeConversationOf(conversation.id).then(showServerSuccess, () => undefined /* shown already */);
    else if (action === 'clear') confirm(t('clearConfirm'), { action: () => clearRecordsOf(conversation.id) });
  };

  if (status === 'loading' || status === 'idle')
    return (
      <div className={styles.listState}>
        <Spin />
      </div>
    );
  if (status === 'error')
    return (
      <div className={styles.listState}>
        <span>{t('loadFailed')}</span>
        <Button size="small" onClick={() => void loadConversations()}>
          {t('retry')}
        </Button>
      </div>
    );
  return (
    <>
      {holder}
      {conversations.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noConversations')} className={styles.empty} />
      ) : (
        <ul className={styles.people} data-testid="chat-conversations">
          {conversations.map((conversation) => (
            <ConversationRow
              key={conversation.id}
              conversation={conversation}
              active={conversation.id === activeId}
              onChoose={onChoose}
              onAction={act}
            />
          ))}
        </ul>
      )}
    </>
  );
}

interface RowProps {
  conversation: Conversation;
  active: boolean;
  onChoose: (conversation: Conversation) => void;
  onAction: (conversation: Conversation, action: string) => void;
}

function ConversationRow({ conversation, active, onChoose, onAction }: RowProps) {
  const t = chatTexts.useText();
  const more = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState<'pointer' | 'button' | null>(null);
  const menu: MenuProps = {
    items: [
      { key: 'remove', icon: <DeleteOutlined />, label: t('removeConversation') },
      { key: 'clear', icon: <ClearOutlined />, label: t('deleteRecords'), danger: true },
    ],
    onClick: ({ key }) => {
      setMenuOpen(null);
      onAction(conversation, key);
    },
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // the keyboard's way to the context menu
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      setMenuOpen('button');
      more.current?.focus();
    }
  };
  const preview = messagePreview(conversation.latestMessage, conversation.messageType, t);
  return (
    <li>
      <Dropdown
        menu={menu}
        trigger={['contextMenu']}
        open={menuOpen === 'pointer'}
        onOpenChange={(open) => setMenuOpen(open ? 'pointer' : null)}
      >
        <div className={`${styles.person} ${active ? styles.active : ''}`} data-testid="chat-conversation">
          <button
            type="button"
            className={styles.personMain}
            onClick={() => onChoose(conversation)}
            onKeyDown={onKeyDown}
            aria-current={active || undefined}
          >
            <PersonAvatar id={conversation.id} name={conversation.realName} headIcon={conversation.headIcon} />
            <span className={styles.personText}>
              <span className={styles.personLine}>
                <span className={styles.name}>{conversation.realName}</span>
                <span className={styles.time}>{conversationTime(conversation.latestDate, t('yesterday'))}</span>
              </span>
              <span className={styles.personLine}>
                <span className={styles.preview}>{preview}</span>
                {conversation.unreadMessage > 0 && (
                  <Badge
                    count={conversation.unreadMessage}
                    overflowCount={BADGE_MAX}
                    size="small"
                    title={t('unread', { n: conversation.unreadMessage })}
                    data-testid="chat-unread"
                  />
                )}
              </span>
            </span>
          </button>
          <Dropdown
            menu={menu}
            trigger={['click']}
            open={menuOpen === 'button'}
            onOpenChange={(open) => setMenuOpen(open ? 'button' : null)}
            autoFocus
          >
            <Button
              ref={more}
              type="text"
              size="small"
              className={styles.more}
              icon={<MoreOutlined />}
              aria-label={t('moreActions')}
              aria-haspopup="menu"
            />
          </Dropdown>
        </div>
      </Dropdown>
    </li>
  );
}

// The chat drawer: tabs Messages (recent conversations) and Contacts, and the chat with the chosen person beside them
// (on a narrow window, in their place). Registered as the header's chat panel; once opened it stays mounted and keeps
// listening to the chat frames.
import { Drawer, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../../platform/feedback';
import { BADGE_MAX } from '../../platform/messageCounts';
import { onFrame, useRealtime } from '../../platform/realtime';
import styles from './chat.module.css';
import {
  closeChat,
  handleMessageList,
  handleReceived,
  handleSentEcho,
  loadConversations,
  openChat,
  resumeOpenChat,
  setDrawerOpen,
  useChatStore,
  type Peer,
} from './chatStore';
import { ChatPanel } from './ChatPanel';
import { ContactList } from './ContactList';
import { ConversationList } from './ConversationList';
import { chatTexts } from './texts';

/** Below this window width the chat takes the list's place instead of opening beside it. */
const SIDE_BY_SIDE_MIN_PX = 1000;
const LIST_WIDTH_PX = 340;
const SIDE_BY_SIDE_WIDTH_PX = 900;
const NARROW_WIDTH_PX = 460;

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

export default function ChatDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = chatTexts.useText();
  const peer = useChatStore((state) => state.peer);
  const unread = useChatStore((state) => state.conversations.reduce((sum, c) => sum + c.unreadMessage, 0));
  const status = useRealtime((state) => state.status);
  const [tab, setTab] = useState('messages');
  const windowWidth = useWindowWidth();
  const narrow = windowWidth < SIDE_BY_SIDE_MIN_PX;

  useEffect(() => {
    const stops = [
      onFrame('sendMessage', handleSentEcho),
      onFrame('receiveMessage', handleReceived),
      onFrame('messageList', handleMessageList),
      // the server's refusal of a chat frame (empty, too long, recipient gone …)
      onFrame('error', (frame) => {
        if (typeof frame.msg === 'string' && frame.msg) feedback.error(frame.msg);
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);

  useEffect(() => {
    setDrawerOpen(open);
    if (open) void loadConversations();
  }, [open]);

  // after the socket (re)connects, what was said meanwhile comes in
  const wasOpen = useRef(status === 'open');
  useEffect(() => {
    const reopened = status === 'open' && !wasOpen.current;
    wasOpen.current = status === 'open';
    if (!reopened || !useChatStore.getState().drawerOpen) return;
    void loadConversations();
    resumeOpenChat();
  }, [status]);

  const choose = (person: Peer) =>
    openChat({
      id: person.id,
      realName: person.realName,
      account: person.account,
      headIcon: person.headIcon,
      department: person.department,
    });

  const width = narrow ? Math.min(NARROW_WIDTH_PX, windowWidth) : peer ? SIDE_BY_SIDE_WIDTH_PX : LIST_WIDTH_PX;
  return (
    <Drawer
      title={t('title')}
      open={open}
      onClose={onClose}
      size={width}
      afterOpenChange={(visible) => {
        if (!visible) closeChat();
      }}
      classNames={{ body: styles.drawerBody }}
    >
      <div className={`${styles.layout} ${peer && !narrow ? styles.sideBySide : ''}`}>
        <aside className={styles.sidebar} hidden={narrow && !!peer}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            centered
            className={styles.tabs}
            items={[
              {
                key: 'messages',
                label:
                  unread > 0
                    ? `${t('tabMessages')} (${unread > BADGE_MAX ? `${BADGE_MAX}+` : unread})`
                    : t('tabMessages'),
                children: (
                  <div className={styles.scroll}>
                    <ConversationList onChoose={choose} />
                  </div>
                ),
              },
              { key: 'contacts', label: t('tabContacts'), children: <ContactList onChoose={choose} /> },
            ]}
          />
        </aside>
        {peer && <ChatPanel key={peer.id} peer={peer} narrow={narrow} onClose={closeChat} />}
      </div>
    </Drawer>
  );
}

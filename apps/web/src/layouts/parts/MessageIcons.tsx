// The chat and notice icons with their unread badges (capped at 99, then "99+"). The counts and the
// drawers belong to the messaging module (platform/messageCounts); until it registers a drawer, the icon says
// that the function is not in this version.
import { BellOutlined, MessageOutlined } from '@ant-design/icons';
import { Badge, message } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import {
  BADGE_MAX,
  openHeaderPanel,
  useHeaderPanels,
  useMessageCounts,
  type HeaderPanel,
  type HeaderPanelComponent,
} from '../../platform/messageCounts';
import { useShellText } from '../texts';

interface MessageIconsProps {
  className?: string;
  blinkClassName?: string;
}

export default function MessageIcons({ className, blinkClassName }: MessageIconsProps) {
  const text = useShellText();
  const [messageApi, holder] = message.useMessage();
  const chatUnread = useMessageCounts((state) => state.chatUnread);
  const noticeUnread = useMessageCounts((state) => state.noticeUnread);
  const chatBlink = useMessageCounts((state) => state.chatBlink);
  const loaders = useHeaderPanels((state) => state.loaders);

  const open = (panel: HeaderPanel) => {
    if (loaders[panel]) openHeaderPanel(panel);
    else void messageApi.info(text('panelPending'));
  };

  return (
    <>
      {holder}
      <button
        type="button"
        className={className}
        aria-label={text('chat')}
        title={text('chat')}
        data-testid="header-chat"
        onClick={() => open('chat')}
      >
        <Badge count={chatUnread} overflowCount={BADGE_MAX} size="small">
          <MessageOutlined className={chatBlink ? blinkClassName : undefined} />
        </Badge>
      </button>
      <button
        type="button"
        className={className}
        aria-label={text('notice')}
        title={text('notice')}
        data-testid="header-notice"
        onClick={() => open('notice')}
      >
        <Badge count={noticeUnread} overflowCount={BADGE_MAX} size="small">
          <BellOutlined />
        </Badge>
      </button>
    </>
  );
}

const lazyPanels = new Map<unknown, LazyExoticComponent<ComponentType<{ open: boolean; onClose: () => void }>>>();

/** Renders the registered drawer of the open header panel (mounted once opened, so it can animate closed). */
export function HeaderPanels() {
  const loaders = useHeaderPanels((state) => state.loaders);
  const openPanel = useMessageCounts((state) => state.openPanel);
  // A drawer's code loads when it is first opened; afterwards it stays mounted.
  const [opened, setOpened] = useState<ReadonlySet<HeaderPanel>>(new Set());
  useEffect(() => {
    if (openPanel) setOpened((current) => (current.has(openPanel) ? current : new Set([...current, openPanel])));
  }, [openPanel]);
  const panels = useMemo(
    () =>
      (Object.entries(loaders) as [HeaderPanel, () => Promise<{ default: HeaderPanelComponent }>][]).map(
        ([panel, load]) => {
          let Component = lazyPanels.get(load);
          if (!Component) lazyPanels.set(load, (Component = lazy(load)));
          return { panel, Component };
        },
      ),
    [loaders],
  );
  return (
    <Suspense fallback={null}>
      {panels
        .filter(({ panel }) => opened.has(panel))
        .map(({ panel, Component }) => (
          <Component key={panel} open={openPanel === panel} onClose={() => openHeaderPanel(null)} />
        ))}
    </Suspense>
  );
}

// A person's avatar in the chat: the uploaded picture (avatars are served without a token), else the first
// character of the name on a colour picked from the user id; a green dot while the person is online.
import { Avatar } from 'antd';
import { API_BASE } from '../../platform/config';
import { useRealtime } from '../../platform/realtime';
import styles from './chat.module.css';
import { chatTexts } from './texts';
import { isServedFilePath } from './types';

const COLOURS = ['#1890ff', '#722ed1', '#13c2c2', '#3eac12', '#f5811c', '#eb2f96', '#2f54eb', '#faad14'];

function colourOf(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

/** The picture to show: an uploaded avatar; the default one ("001.png") is drawn as the name's letter. */
function pictureOf(headIcon: string | undefined): string | undefined {
  if (!headIcon || !isServedFilePath(headIcon) || headIcon.endsWith('/001.png')) return undefined;
  return `${API_BASE}${headIcon}`;
}

interface PersonAvatarProps {
  id: string;
  name: string;
  headIcon?: string;
  size?: number;
}

export function PersonAvatar({ id, name, headIcon, size = 40 }: PersonAvatarProps) {
  const t = chatTexts.useText();
  const online = useRealtime((state) => state.onlineUsers.has(id));
  return (
    <span className={styles.avatar} title={online ? t('online') : t('offline')}>
      <Avatar size={size} src={pictureOf(headIcon)} style={{ background: colourOf(id) }} aria-hidden>
        {Array.from(name.trim())[0] ?? '?'}
      </Avatar>
      {online && <span className={styles.onlineDot} data-testid="online-dot" />}
    </span>
  );
}

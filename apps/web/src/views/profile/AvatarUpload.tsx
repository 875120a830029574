// Changing the own avatar: pick a picture (png, jpg, gif, webp or bmp under 2 MB — checked here for a quick
// answer, and again by the server), upload it, then choose it (PUT Users/Current/Avatar/{name}) and reload the
// session so the header shows it at once.
import { CameraOutlined } from '@ant-design/icons';
import { Avatar, Spin } from 'antd';
import { useRef, useState } from 'react';
import { loadUserSession } from '../../app/session/loadUserSession';
import { feedback } from '../../platform/feedback';
import { wasNotified, failureMessage } from '../../platform/request';
import { avatarApi } from './api';
import styles from './ProfilePage.module.css';
import { useProfileText } from './texts';

export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/bmp';

/** why a chosen file cannot be an avatar, or null */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): 'avatarType' | 'avatarSize' | null {
  if (!ACCEPT.split(',').includes(file.type)) return 'avatarType';
  if (file.size >= MAX_AVATAR_BYTES) return 'avatarSize';
  return null;
}

export default function AvatarUpload({ src, name }: { src?: string; name: string }) {
  const text = useProfileText();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File) => {
    const problem = avatarProblem(file);
    if (problem) {
      feedback.error(text(problem));
      return;
    }
    setBusy(true);
    try {
      const uploaded = await avatarApi.upload(file);
      const stored = uploaded.data?.name;
      if (!stored) throw new Error(failureMessage(null));
      const result = await avatarApi.choose(stored);
      await loadUserSession();
      feedback.success(result.msg || text('avatarChanged'));
    } catch (error) {
      if (!wasNotified(error)) feedback.error(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={styles.avatarButton}
      title={text('changeAvatar')}
      aria-label={text('changeAvatar')}
      onClick={() => input.current?.click()}
      disabled={busy}
    >
      <Spin spinning={busy}>
        <Avatar size={72} src={src || undefined} className={styles.avatar}>
          {name.slice(0, 1)}
        </Avatar>
      </Spin>
      <span className={styles.avatarBadge} aria-hidden>
        <CameraOutlined />
      </span>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="avatar-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file can be chosen again
          if (file) void choose(file);
        }}
      />
    </button>
  );
}

// A notice's state as the list and the detail show it: draft, released, or released and expired.
import { Tag } from 'antd';
import type { NoticeState } from './api';
import { texts } from './texts';

export function NoticeStateTag({ state }: { state: NoticeState }) {
  const t = texts.useText();
  if (state === 1) return <Tag color="success">{t('stateReleased')}</Tag>;
  if (state === 2) return <Tag>{t('stateExpired')}</Tag>;
  return <Tag color="warning">{t('stateDraft')}</Tag>;
}

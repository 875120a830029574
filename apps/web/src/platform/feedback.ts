// Toasts and notices for code outside React (request layer, guard, session actions).
// The app binds antd's hook instances so that they follow the theme and locale. Toasts are bound by the
// root providers; notices by the signed-in layout, which keeps the notification code out of the sign-in
// bundle. A notice raised before its host is mounted (the last-login notice, right after sign-in) waits.
import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { DEFAULT_TOAST_SECONDS } from './config';

let messageApi: MessageInstance = staticMessage;
let notificationApi: NotificationInstance | null = null;
let pendingNotices: Array<(api: NotificationInstance) => void> = [];

export function bindMessage(api: MessageInstance): void {
  messageApi = api;
}

/** Binds the notice host; returns the unbind function for the host's unmount. */
export function bindNotification(api: NotificationInstance): () => void {
  notificationApi = api;
  const waiting = pendingNotices;
  pendingNotices = [];
  for (const show of waiting) show(api);
  return () => {
    if (notificationApi === api) notificationApi = null;
  };
}

export const feedback = {
  error(text: string, seconds: number = DEFAULT_TOAST_SECONDS): void {
    void messageApi.error(text, seconds);
  },
  success(text: string, seconds: number = DEFAULT_TOAST_SECONDS): void {
    void messageApi.success(text, seconds);
  },
  warning(text: string, seconds: number = DEFAULT_TOAST_SECONDS): void {
    void messageApi.warning(text, seconds);
  },
  notice(title: string, description: string, seconds: number): void {
    const show = (api: NotificationInstance) =>
      api.info({ title, description, duration: seconds, placement: 'topRight' });
    if (notificationApi) show(notificationApi);
    else pendingNotices.push(show);
  },
};

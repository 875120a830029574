// The chat's socket methods (JSON frames named by `method`): OnConnection → initMessage, SendMessage → stored, then
// sendMessage to the sender's sockets and receiveMessage to the recipient's in every process, MessageList →
// messageList (naming the toUserId, keyword and sord it answers), UpdateReadMessage. Refusals come back as {method: "error", msg} on the asking socket only.
import { isLanguage, parseJsonText, type Language } from '@jnpf/core';
import type { AppContext } from '../../platform/context.js';
import { fileStore } from '../../platform/files.js';
import { t } from '../../platform/i18n.js';
import type { SocketClient } from '../../platform/realtime.js';
import {
  avatarPath,
  chatHistory,
  latestMessage,
  markRead,
  messageCentreMessages as m,
  PersonCache,
  storeChat,
  unreadBySender,
  unreadCounts,
  type ContentType,
} from '../message/index.js';
import { IM_CATEGORY, imFilePath, maySend } from './upload.js';

export const MAX_TEXT_LENGTH = 5000;
const CONTENT_TYPES: ContentType[] = ['text', 'image', 'voice'];

/** text is shown as HTML by the reference client: stored escaped, as the reference does */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const str = (v: unknown, max = 100) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
const bool = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';
const int = (v: unknown, fallback: number, min: number, max: number) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : fallback;
};
const dimension = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 100_000 ? Math.round(n) : 0;
};

class FrameRefusal extends Error {
  constructor(
    readonly key: string,
    readonly params?: Record<string, number>,
  ) {
    super(key);
  }
}

export function registerChatFrames(app: AppContext) {
  const personCache = new PersonCache(app.db, app.shared.bus);
  const language = async (userId: string): Promise<Language> => {
    const lang = (await app.directory.get(userId))?.user.language;
    return isLanguage(lang) ? lang : 'zh';
  };
  /** a refusal goes to the asking socket only, in its user's language */
  const guarded =
    (handler: (client: SocketClient, frame: Record<string, unknown>) => Promise<void>) =>
    async (client: SocketClient, frame: Record<string, unknown>) => {
      try {
        await handler(client, frame);
      } catch (err) {
        if (!(err instanceof FrameRefusal)) throw err;
        client.send({ method: 'error', msg: t(await language(client.userId), err.key, err.params) });
      }
    };
  const refuse = (key: string, params?: Record<string, number>) => new FrameRefusal(key, params);

  app.realtime.handle(
    'OnConnection',
    guarded(async (client, frame) => {
      await app.realtime.connect(client, {
        mobileDevice: bool(frame.mobileDevice),
        systemId: str(frame.systemId),
        isSeparate: bool(frame.isSeparate),
      });
      const me = client.userId;
      const [counts, unreadNums, latest] = await Promise.all([
        unreadCounts(app.db, me),
        unreadBySender(app.db, me),
        latestMessage(app.db, me),
        // whoever is connected will send and be sent to: remember them now rather than at their first message
        personCache.get([me]),
      ]);
      client.send({
        method: 'initMessage',
        onlineUsers: app.realtime.onlineUserIds().filter((id) => id !== me),
        unreadNums,
        unreadNoticeCount: counts.notice,
        unreadMessageCount: counts.flow,
        unreadSystemMessageCount: counts.system,
        unreadScheduleCount: counts.schedule,
        messageDefaultText: latest?.title ?? '',
        messageDefaultTime: latest?.creatorTime ?? 0,
        unreadTotalCount: counts.total,
        userId: me,
      });
    }),
  );

  app.realtime.handle(
    'SendMessage',
    guarded(async (client, frame) => {
      const me = client.userId;
      const toUserId = str(frame.toUserId);
      const messageType = str(frame.messageType) as ContentType;
      if (!CONTENT_TYPES.includes(messageType)) throw refuse(m.messageTypeInvalid);
      let stored: string;
      let shown: string | Record<string, unknown>;
      if (messageType === 'text') {
        const text = typeof frame.messageContent === 'string' ? frame.messageContent : '';
        if (!text.trim()) throw refuse(m.emptyMessage);
        if (text.length > MAX_TEXT_LENGTH) throw refuse(m.messageTooLong, { n: MAX_TEXT_LENGTH });
        stored = shown = escapeHtml(text);
      } else {
        const media = parseMedia(frame.messageContent);
        // a picture the sender may not read (someone else's, by its name) is as good as none
        if (
          !media ||
          !(await maySend(app, me, media.name)) ||
          !(await fileStore(app.config).exists(IM_CATEGORY, media.name))
        )
          throw refuse(m.fileMissing);
        shown =
          messageType === 'image'
            ? { path: imFilePath(media.name), width: dimension(media.width), height: dimension(media.height) }
            : { path: imFilePath(media.name), length: dimension(media.length) };
        stored = JSON.stringify(shown);
      }
      const people = await personCache.get([me, toUserId]);
      const sender = people.get(me);
      const recipient = toUserId ? people.get(toUserId) : undefined;
      if (!recipient || recipient.enabledMark === 0 || !sender) throw refuse(m.recipientMissing);
      // stored before anyone hears of it: what a client shows is always in the history
      const row = await storeChat(app.db, { from: me, to: toUserId, contentType: messageType, content: stored });
      await app.realtime.sendToUsers([me], {
        method: 'sendMessage',
        UserId: me,
        toUserId,
        dateTime: row.sendTime,
        headIcon: avatarPath(sender.headIcon),
        latestDate: row.sendTime,
        realName: sender.realName,
        account: sender.account,
        toAccount: recipient.account,
        toRealName: recipient.realName,
        toHeadIcon: avatarPath(recipient.headIcon),
        messageType,
        toMessage: shown,
      });
      await app.realtime.sendToUsers([toUserId], {
        method: 'receiveMessage',
        formUserId: me,
        userId: toUserId,
        dateTime: row.sendTime,
        headIcon: avatarPath(sender.headIcon),
        latestDate: row.sendTime,
        realName: sender.realName,
        account: sender.account,
        messageType,
        formMessage: shown,
      });
    }),
  );

  app.realtime.handle(
    'MessageList',
    guarded(async (client, frame) => {
      const peer = str(frame.toUserId);
      const keyword = str(frame.keyword, 200);
      const sord = frame.sord === 'asc' ? 'asc' : 'desc';
      const page = await chatHistory(app.db, client.userId, peer, {
        currentPage: int(frame.currentPage, 1, 1, 1_000_000),
        pageSize: int(frame.pageSize, 30, 1, 200),
        sord,
        // text is stored escaped: search for what the user typed as it is stored
        keyword: escapeHtml(keyword),
      });
      // the answer names what it answers (beyond the reference frame), so a client with an open chat and a
      // history search at once, or one that switched conversations, can tell the answers apart
      client.send({ method: 'messageList', toUserId: peer, keyword, sord, ...page });
    }),
  );

  app.realtime.handle(
    'UpdateReadMessage',
    guarded(async (client, frame) => {
      const peer = str(frame.formUserId);
      if (peer) await markRead(app.db, client.userId, peer);
    }),
  );
}

/** image {name, width, height} or voice {name, length}, sent as an object or as its JSON text */
function parseMedia(content: unknown): { name: string; width?: unknown; height?: unknown; length?: unknown } | null {
  let value = content;
  if (typeof value === 'string') {
    try {
      value = parseJsonText(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const name = typeof v.name === 'string' ? v.name.split('/').pop()! : '';
  return name ? { name, width: v.width, height: v.height, length: v.length } : null;
}

// /api/message: the signed-in user's own in-site messages (system, flow, notice and schedule messages) and
// recent chat conversations (/api/message/imreply). Contacts are GET /api/permission/Users/ImUser (users module).
import { z } from 'zod';
import { ok } from '../../platform/result.js';
import { route, signedInRead } from '../../platform/route.js';
import { clearHistory, conversations, removeConversation } from './chat.js';
import {
  deleteRecords,
  listMessages,
  messageFilter,
  messageListQuery,
  readAll,
  readInfo,
  unreadCounts,
} from './service.js';

const BASE = '/api/message';
const idParam = z.object({ id: z.string().trim().min(1).max(50) });

/** ids as the reference sends them ("a,b" in one string), or as an array */
const idList = z
  .union([z.string().max(50_000), z.array(z.string().max(50)).max(1000)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((id) => id.trim()).filter(Boolean));

export const messageRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: 'signedIn',
    summary:
      'My messages, newest first: keyword (title), type (1 system, 2 flow, 3 notice, 4 schedule), isRead (0/1); sidx releaseTime, title, type or isRead with sort',
    query: messageListQuery,
    async handler({ app, principal, query }) {
      return ok(await listMessages(app, principal.userId, query));
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/Actions/ReadAll`,
    permission: 'signedIn',
    summary: 'Mark every unread message matching keyword and type read ("暂无未读消息" when there is none)',
    body: messageFilter,
    async handler({ app, principal, body }) {
      await readAll(app, principal.userId, body);
      return ok(undefined, 'done');
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/ReadInfo/:id`,
    permission: 'signedIn',
    summary: 'One of my messages, marked read; a notice message carries the released notice',
    params: idParam,
    async handler({ app, principal, params }) {
      return ok(await readInfo(app, principal.userId, params.id));
    },
  }),
  route({
    method: 'DELETE',
    url: `${BASE}/Record`,
    permission: 'signedIn',
    summary: 'Delete some of my messages: body {ids: "id1,id2"}',
    body: z.object({ ids: idList }),
    async handler({ app, principal, body }) {
      await deleteRecords(app, principal.userId, body.ids);
      return ok(undefined, 'deleted');
    },
  }),
  signedInRead(
    `${BASE}/getUnReadMsgNum`,
    'My unread counts as the app reads them (strings)',
    async ({ app, principal }) => {
      const c = await unreadCounts(app.db, principal.userId);
      return {
        unReadMsg: String(c.flow),
        unReadNotice: String(c.notice),
        unReadSchedule: String(c.schedule),
        unReadSystemMsg: String(c.system),
        unReadNum: String(c.total),
      };
    },
  ),
  signedInRead(
    `${BASE}/imreply`,
    'My recent conversations, newest first: {list: [{id (the other user), realName, account, headIcon, department, unreadMessage, latestMessage, messageType, latestDate}]}',
    async ({ app, principal }) => ({ list: await conversations(app.db, principal.userId) }),
  ),
  route({
    method: 'DELETE',
    url: `${BASE}/imreply/deleteChatRecord/:id`,
    permission: 'signedIn',
    summary: 'Clear my side of the chat history with user {id}',
    params: idParam,
    async handler({ app, principal, params }) {
      await clearHistory(app.db, principal.userId, params.id);
      return ok(undefined, 'deleted');
    },
  }),
  route({
    method: 'DELETE',
    url: `${BASE}/imreply/relocation/:id`,
    permission: 'signedIn',
    summary: 'Remove the conversation with user {id} from my list (it returns with the next message)',
    params: idParam,
    async handler({ app, principal, params }) {
      await removeConversation(app.db, principal.userId, params.id);
      return ok(undefined, 'deleted');
    },
  }),
];

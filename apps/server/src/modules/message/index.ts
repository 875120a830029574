// The message centre: a user's in-site messages and recent chat conversations.
import type { PlatformModule } from '../../platform/module.js';
import { messageRoutes } from './routes.js';

export const messageModule: PlatformModule = { name: 'message', routes: messageRoutes };

// for other modules: storing and pushing in-site messages and chats, people's names and avatars, recipients
export { chatHistory, markRead, storeChat, unreadBySender, type ContentType } from './chat.js';
export { m as messageCentreMessages } from './messages.js';
export { avatarPath, displayName, peopleById, PersonCache } from './people.js';
export { resolveRecipients } from './recipients.js';
export {
  latestMessage,
  MessageType,
  pushMessages,
  storeMessages,
  unreadCounts,
  type StoredMessages,
} from './service.js';

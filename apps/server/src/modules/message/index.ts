// The message centre: a user's in-site messages and recent chat conversations.
import type { PlatformModule } from '../../platform/module.js';
import { messageRoutes } from './routes.js';

export const messageModule: PlatformModule = { name: 'message', routes: messageRoutes };

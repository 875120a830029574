// Chat over the socket hub: the frame handlers, and the picture upload the chat panel uses.
import type { PlatformModule } from '../../platform/module.js';
import { registerChatFrames } from './frames.js';
import { imUploadRoutes } from './upload.js';

export const imModule: PlatformModule = { name: 'im', routes: imUploadRoutes, setup: registerChatFrames };

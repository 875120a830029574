// Chat over the socket hub: the frame handlers, and the picture upload the chat panel uses.
import type { PlatformModule } from '../../platform/module.js';
import { registerFileHolder } from '../file/index.js';
import { registerChatFrames } from './frames.js';
import { chatFileHolder, IM_CATEGORY, imUploadRoutes } from './upload.js';

export const imModule: PlatformModule = {
  name: 'im',
  routes: imUploadRoutes,
  setup(app) {
    registerChatFrames(app);
    registerFileHolder(app, IM_CATEGORY, chatFileHolder);
  },
};

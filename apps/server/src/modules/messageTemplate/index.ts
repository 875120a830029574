// Message templates and send configurations (消息中心: 消息模板, 发送配置).
import type { PlatformModule } from '../../platform/module.js';
import { messageTemplateSeed } from './menus.js';
import { messageTemplateRoutes } from './routes.js';

export const messageTemplateModule: PlatformModule = {
  name: 'messageTemplate',
  routes: messageTemplateRoutes,
  dataMigrations: [messageTemplateSeed],
};

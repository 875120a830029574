// The message centre's screens (msgCenter/msgTemplate and msgCenter/sendConfig) under 消息中心, seeded once,
// with the msgSendType dictionary (send channels) their type fields use.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { ensureDictionary } from '../dictionary/index.js';

export const TEMPLATE_SCREEN = 'msgCenter.msgTemplate';
export const SEND_CONFIG_SCREEN = 'msgCenter.sendConfig';

export const messageTemplateMenus: MenuDeclaration[] = [
  {
    enCode: TEMPLATE_SCREEN,
    parent: 'msgCenter',
    fullName: '消息模板',
    type: 2,
    icon: 'icon-ym icon-ym-message-template',
    urlAddress: 'msgCenter/msgTemplate',
    sortCode: 20,
    buttons: standardButtons,
  },
  {
    enCode: SEND_CONFIG_SCREEN,
    parent: 'msgCenter',
    fullName: '发送配置',
    type: 2,
    icon: 'icon-ym icon-ym-message-send',
    urlAddress: 'msgCenter/sendConfig',
    sortCode: 30,
    buttons: standardButtons,
  },
];

export const messageTemplateSeed: DataMigrationSpec = {
  name: 'messageTemplate.seed',
  async run(tx) {
    await ensureDictionary(tx, {
      enCode: 'msgSendType',
      fullName: '消息发送类型',
      items: [
        ['1', '站内信'],
        ['2', '邮件'],
        ['3', '短信'],
        ['4', '钉钉'],
        ['5', '企业微信'],
        ['6', 'WebHook'],
        ['7', '微信公众号'],
      ],
    });
    await seedMenus(tx, messageTemplateMenus);
  },
};

// The message centre's screens (msgCenter/msgTemplate and msgCenter/sendConfig) under 消息中心, seeded once,
// with the msgSendType dictionary (send channels) their type fields use.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';
import { ensureDictionary } from '../dictionary/index.js';

export const TEMPLATE_SCREEN = BUILT_IN_MENUS.msgTemplate.enCode;
export const SEND_CONFIG_SCREEN = BUILT_IN_MENUS.sendConfig.enCode;

export const messageTemplateSeed = menuSeedMigration(
  'messageTemplate.seed',
  [
    screenMenu(BUILT_IN_MENUS.msgTemplate, MENU_DIRECTORY.msgCenter, {
      fullName: '消息模板',
      icon: 'icon-ym icon-ym-message-template',
      sortCode: 20,
    }),
    screenMenu(BUILT_IN_MENUS.sendConfig, MENU_DIRECTORY.msgCenter, {
      fullName: '发送配置',
      icon: 'icon-ym icon-ym-message-send',
      sortCode: 30,
    }),
  ],
  (tx) =>
    ensureDictionary(tx, {
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
    }),
);

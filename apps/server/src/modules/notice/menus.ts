// The notice screen (system/notice, as the reference names it) under 系统管理, seeded once, with the
// NoticeType dictionary its category field uses.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';
import { ensureDictionary } from '../dictionary/index.js';

export const NOTICE_SCREEN = BUILT_IN_MENUS.notice.enCode;

export const noticeSeed = menuSeedMigration(
  'notice.seed',
  [
    screenMenu(BUILT_IN_MENUS.notice, MENU_DIRECTORY.system, {
      fullName: '系统公告',
      icon: 'icon-ym icon-ym-generator-notice',
      sortCode: 20,
    }),
  ],
  (tx) =>
    ensureDictionary(tx, {
      enCode: 'NoticeType',
      fullName: '公告类型',
      items: [
        ['1', '公告'],
        ['2', '通知'],
      ],
    }),
);

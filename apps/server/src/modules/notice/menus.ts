// The notice screen (system/notice, as the reference names it) under 系统管理, seeded once, with the
// NoticeType dictionary its category field uses.
import { BUILT_IN_MENUS, MENU_DIRECTORY } from '@jnpf/core';
import { screenMenu, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { ensureDictionary } from '../dictionary/index.js';

export const NOTICE_SCREEN = BUILT_IN_MENUS.notice.enCode;

export const noticeMenus: MenuDeclaration[] = [
  screenMenu(BUILT_IN_MENUS.notice, MENU_DIRECTORY.system, {
    fullName: '系统公告',
    icon: 'icon-ym icon-ym-generator-notice',
    sortCode: 20,
  }),
];

export const noticeSeed: DataMigrationSpec = {
  name: 'notice.seed',
  async run(tx) {
    await ensureDictionary(tx, {
      enCode: 'NoticeType',
      fullName: '公告类型',
      items: [
        ['1', '公告'],
        ['2', '通知'],
      ],
    });
    await seedMenus(tx, noticeMenus);
  },
};

// The notice screen (system/notice, as the reference names it) under 系统管理, seeded once, with the
// NoticeType dictionary its category field uses.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { ensureDictionary } from '../dictionary/index.js';

export const NOTICE_SCREEN = 'system.notice';

export const noticeMenus: MenuDeclaration[] = [
  {
    enCode: NOTICE_SCREEN,
    parent: 'system',
    fullName: '系统公告',
    type: 2,
    icon: 'icon-ym icon-ym-generator-notice',
    urlAddress: 'system/notice',
    sortCode: 20,
    buttons: [...standardButtons, { enCode: 'btn_release', fullName: '发布' }],
  },
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

// The user screen with its buttons (reset password, unlock, import, export, work handover besides the standard ones).
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';
import { seedMenus } from '../menu/index.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { USER_MENU } from '../organize/index.js';

export const USER_BUTTONS = {
  add: 'btn_add',
  edit: 'btn_edit',
  remove: 'btn_remove',
  resetPassword: 'btn_resetPassword',
  unlock: 'btn_unlock',
  import: 'btn_import',
  export: 'btn_export',
  handover: 'btn_handover',
} as const;

export const userMenus: MenuDeclaration[] = [
  {
    enCode: USER_MENU,
    parent: 'permission',
    fullName: '用户管理',
    type: 2,
    icon: 'icon-ym icon-ym-tree-user2',
    urlAddress: 'permission/user',
    sortCode: 40,
    buttons: [
      ...standardButtons,
      { enCode: USER_BUTTONS.resetPassword, fullName: '重置密码' },
      { enCode: USER_BUTTONS.unlock, fullName: '解除锁定' },
      { enCode: USER_BUTTONS.import, fullName: '导入' },
      { enCode: USER_BUTTONS.export, fullName: '导出' },
      { enCode: USER_BUTTONS.handover, fullName: '工作交接' },
    ],
  },
];

export const userMenuSeed: DataMigrationSpec = {
  name: 'users.menus',
  run: (tx) => seedMenus(tx, userMenus),
};

// The online-development screens: the 在线开发 directory and the function-design screen under it. Released
// designs get their own menus (type 3) from the release call, not from here.
import { standardButtons, type MenuDeclaration } from '../../platform/menus.js';

export const DESIGN_MENU = 'onlineDev.webDesign';

export const visualdevMenus: MenuDeclaration[] = [
  { enCode: 'onlineDev', fullName: '在线开发', type: 1, icon: 'icon-ym icon-ym-onlineDev', sortCode: 50 },
  {
    enCode: DESIGN_MENU,
    parent: 'onlineDev',
    fullName: '功能设计',
    type: 2,
    icon: 'icon-ym icon-ym-webDesign',
    urlAddress: 'onlineDev/webDesign',
    sortCode: 10,
    buttons: standardButtons,
  },
];

/** the design screen's buttons: copy needs btn_add, release btn_edit */
export const DESIGN_BUTTONS = { add: 'btn_add', edit: 'btn_edit', remove: 'btn_remove' } as const;

// The built-in screens' menus, declared once for both sides: the menu code (enCode) the server seeds and
// guards its routes with, the address (urlAddress) the web serves the screen at
// (src/views/<urlAddress>/index.page.tsx), and the button codes the screen checks.

/** every button code a built-in screen or a released online form checks */
export const BUTTON = {
  add: 'btn_add',
  edit: 'btn_edit',
  remove: 'btn_remove',
  import: 'btn_import',
  export: 'btn_export',
  release: 'btn_release',
  copy: 'btn_copy',
  member: 'btn_member',
  auth: 'btn_auth',
  batchAuth: 'btn_batchAuth',
  resetPassword: 'btn_resetPassword',
  unlock: 'btn_unlock',
  handover: 'btn_handover',
  offline: 'btn_offline',
  // a released online form's list
  batchRemove: 'btn_batchRemove',
  download: 'btn_download',
  upload: 'btn_upload',
  batchPrint: 'btn_batchPrint',
} as const;

export type ButtonCode = (typeof BUTTON)[keyof typeof BUTTON];

/** the buttons of an administration screen */
export const STANDARD_BUTTONS = [BUTTON.add, BUTTON.edit, BUTTON.remove] as const;

/** the top-level directories the built-in screens sit in */
export const MENU_DIRECTORY = {
  system: 'system',
  systemData: 'systemData',
  permission: 'permission',
  msgCenter: 'msgCenter',
  onlineDev: 'onlineDev',
} as const;

export interface BuiltInMenu {
  enCode: string;
  urlAddress: string;
  /** the buttons the screen checks, in the order they are seeded */
  buttons: readonly ButtonCode[];
}

export const BUILT_IN_MENUS = {
  // 系统管理
  /** every change on the screen (settings, administrators, tests, synchronisation) is an edit */
  sysConfig: { enCode: 'system.sysConfig', urlAddress: 'system/sysConfig', buttons: [BUTTON.edit] },
  menu: {
    enCode: 'system.menu',
    urlAddress: 'system/menu',
    buttons: [...STANDARD_BUTTONS, BUTTON.export, BUTTON.import],
  },
  system: { enCode: 'system.system', urlAddress: 'system/system', buttons: STANDARD_BUTTONS },
  notice: { enCode: 'system.notice', urlAddress: 'system/notice', buttons: [...STANDARD_BUTTONS, BUTTON.release] },
  billRule: {
    enCode: 'system.billRule',
    urlAddress: 'system/billRule',
    buttons: [...STANDARD_BUTTONS, BUTTON.import, BUTTON.export],
  },
  signature: { enCode: 'system.signature', urlAddress: 'system/signature', buttons: STANDARD_BUTTONS },
  area: { enCode: 'system.area', urlAddress: 'system/area', buttons: STANDARD_BUTTONS },
  /** every signed-in user's own schedules: the menu only decides whether the screen shows */
  schedule: { enCode: 'system.schedule', urlAddress: 'system/schedule', buttons: [] },
  printDev: {
    enCode: 'system.printDev',
    urlAddress: 'system/printDev',
    buttons: [...STANDARD_BUTTONS, BUTTON.copy, BUTTON.import, BUTTON.export],
  },
  // 系统数据
  dictionary: {
    enCode: 'systemData.dictionary',
    urlAddress: 'systemData/dictionary',
    buttons: [...STANDARD_BUTTONS, BUTTON.import, BUTTON.export],
  },
  /** administrators only (the routes say so): backups of the whole platform and their restore */
  dataBackup: { enCode: 'systemData.dataBackup', urlAddress: 'systemData/dataBackup', buttons: [] },
  dataSource: { enCode: 'systemData.dataSource', urlAddress: 'systemData/dataSource', buttons: STANDARD_BUTTONS },
  dataInterface: {
    enCode: 'systemData.dataInterface',
    urlAddress: 'systemData/dataInterface',
    buttons: [...STANDARD_BUTTONS, BUTTON.copy, BUTTON.import, BUTTON.export],
  },
  interfaceAuth: {
    enCode: 'systemData.interfaceAuth',
    urlAddress: 'systemData/interfaceAuth',
    buttons: STANDARD_BUTTONS,
  },
  // 组织权限
  organize: { enCode: 'permission.organize', urlAddress: 'permission/organize', buttons: STANDARD_BUTTONS },
  department: { enCode: 'permission.department', urlAddress: 'permission/department', buttons: STANDARD_BUTTONS },
  position: { enCode: 'permission.position', urlAddress: 'permission/position', buttons: STANDARD_BUTTONS },
  user: {
    enCode: 'permission.user',
    urlAddress: 'permission/user',
    buttons: [...STANDARD_BUTTONS, BUTTON.resetPassword, BUTTON.unlock, BUTTON.import, BUTTON.export, BUTTON.handover],
  },
  role: { enCode: 'permission.role', urlAddress: 'permission/role', buttons: STANDARD_BUTTONS },
  group: { enCode: 'permission.group', urlAddress: 'permission/group', buttons: STANDARD_BUTTONS },
  authorize: {
    enCode: 'permission.authorize',
    urlAddress: 'permission/authorize',
    buttons: [...STANDARD_BUTTONS, BUTTON.copy, BUTTON.member, BUTTON.auth, BUTTON.batchAuth],
  },
  onlineUser: { enCode: 'permission.onlineUser', urlAddress: 'permission/userOnline', buttons: [BUTTON.offline] },
  // 消息中心
  msgTemplate: { enCode: 'msgCenter.msgTemplate', urlAddress: 'msgCenter/msgTemplate', buttons: STANDARD_BUTTONS },
  sendConfig: { enCode: 'msgCenter.sendConfig', urlAddress: 'msgCenter/sendConfig', buttons: STANDARD_BUTTONS },
  // 在线开发
  webDesign: { enCode: 'onlineDev.webDesign', urlAddress: 'onlineDev/webDesign', buttons: STANDARD_BUTTONS },
  /** every widget of the designer shown three ways: a page to look at, with no buttons */
  widgetGallery: { enCode: 'onlineDev.widgetGallery', urlAddress: 'onlineDev/widgetGallery', buttons: [] },
} as const satisfies Record<string, BuiltInMenu>;

/** The view key of a menu's urlAddress (without query string and surrounding slashes): the web app opens a page
 * menu at src/views/<key>/index.page.tsx. */
export function viewKeyOf(urlAddress: string): string {
  return (urlAddress.split('?')[0] ?? '').replace(/^\/+/, '').replace(/\/+$/, '');
}

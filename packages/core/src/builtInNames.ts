// The names of what the platform seeds (its menus and their buttons, its dictionaries and their items, the main
// application and the root organisation) in the three interface languages, keyed by the seeded entity's identity
// (its code). The database keeps the Chinese name as the reference stores it and as administrators edit it; the
// server answers the caller's language only while the stored name is still the seeded one, so that a name an
// administrator gave shows as given in every language.
import type { Language } from './lang.js';
import type { Localized } from './messages.js';
import { BUILT_IN_MENUS, MENU_DIRECTORY, type ButtonCode } from './menus.js';

/** the top-level directories, by their code (MENU_DIRECTORY) */
export const MENU_DIRECTORY_NAMES: Record<keyof typeof MENU_DIRECTORY, Localized> = {
  system: { zh: '系统管理', zhtw: '系統管理', en: 'System' },
  systemData: { zh: '系统数据', zhtw: '系統數據', en: 'System Data' },
  permission: { zh: '组织权限', zhtw: '組織權限', en: 'Permissions' },
  msgCenter: { zh: '消息中心', zhtw: '消息中心', en: 'Message Center' },
  onlineDev: { zh: '在线开发', zhtw: '在線開發', en: 'Online Development' },
};

/** the built-in screens' menus, by their key in BUILT_IN_MENUS */
export const BUILT_IN_MENU_NAMES: Record<keyof typeof BUILT_IN_MENUS, Localized> = {
  sysConfig: { zh: '系统配置', zhtw: '系統配置', en: 'System Settings' },
  menu: { zh: '菜单管理', zhtw: '菜單管理', en: 'Menus' },
  system: { zh: '应用管理', zhtw: '應用管理', en: 'Applications' },
  notice: { zh: '系统公告', zhtw: '系統公告', en: 'Announcements' },
  billRule: { zh: '单据规则', zhtw: '單據規則', en: 'Bill Rules' },
  signature: { zh: '电子签章', zhtw: '電子簽章', en: 'Electronic Seals' },
  area: { zh: '行政区划', zhtw: '行政區劃', en: 'Regions' },
  schedule: { zh: '日程安排', zhtw: '日程安排', en: 'Schedules' },
  printDev: { zh: '打印模板', zhtw: '打印模板', en: 'Print Templates' },
  dictionary: { zh: '数据字典', zhtw: '數據字典', en: 'Dictionaries' },
  dataBackup: { zh: '数据备份', zhtw: '數據備份', en: 'Backups' },
  dataSource: { zh: '数据连接', zhtw: '數據連接', en: 'Data Sources' },
  dataInterface: { zh: '数据接口', zhtw: '數據接口', en: 'Data Interfaces' },
  interfaceAuth: { zh: '接口认证', zhtw: '接口認證', en: 'Interface Auth' },
  organize: { zh: '组织管理', zhtw: '組織管理', en: 'Organizations' },
  department: { zh: '部门管理', zhtw: '部門管理', en: 'Departments' },
  position: { zh: '岗位管理', zhtw: '崗位管理', en: 'Positions' },
  user: { zh: '用户管理', zhtw: '用戶管理', en: 'Users' },
  role: { zh: '角色管理', zhtw: '角色管理', en: 'Roles' },
  group: { zh: '分组管理', zhtw: '分組管理', en: 'User Groups' },
  authorize: { zh: '权限组', zhtw: '權限組', en: 'Permission Groups' },
  onlineUser: { zh: '在线用户', zhtw: '在線用戶', en: 'Online Users' },
  msgTemplate: { zh: '消息模板', zhtw: '消息模板', en: 'Message Templates' },
  sendConfig: { zh: '发送配置', zhtw: '發送配置', en: 'Send Settings' },
  webDesign: { zh: '功能设计', zhtw: '功能設計', en: 'Function Design' },
  widgetGallery: { zh: '组件示例', zhtw: '組件示例', en: 'Widget Gallery' },
};

/** the buttons, by their code: the built-in screens' and a released online form's */
export const BUTTON_NAMES: Record<ButtonCode, Localized> = {
  btn_add: { zh: '新增', zhtw: '新增', en: 'Add' },
  btn_edit: { zh: '编辑', zhtw: '編輯', en: 'Edit' },
  btn_remove: { zh: '删除', zhtw: '刪除', en: 'Delete' },
  btn_import: { zh: '导入', zhtw: '導入', en: 'Import' },
  btn_export: { zh: '导出', zhtw: '導出', en: 'Export' },
  btn_release: { zh: '发布', zhtw: '發布', en: 'Publish' },
  btn_copy: { zh: '复制', zhtw: '複製', en: 'Copy' },
  btn_member: { zh: '权限成员', zhtw: '權限成員', en: 'Members' },
  btn_auth: { zh: '权限设置', zhtw: '權限設置', en: 'Permissions' },
  btn_batchAuth: { zh: '批量授权', zhtw: '批量授權', en: 'Batch Grant' },
  btn_resetPassword: { zh: '重置密码', zhtw: '重置密碼', en: 'Reset Password' },
  btn_unlock: { zh: '解除锁定', zhtw: '解除鎖定', en: 'Unlock' },
  btn_handover: { zh: '工作交接', zhtw: '工作交接', en: 'Work Handover' },
  btn_offline: { zh: '强制下线', zhtw: '強制下線', en: 'Force Offline' },
  btn_batchRemove: { zh: '批量删除', zhtw: '批量刪除', en: 'Batch Delete' },
  btn_download: { zh: '导出', zhtw: '導出', en: 'Export' },
  btn_upload: { zh: '导入', zhtw: '導入', en: 'Import' },
  btn_batchPrint: { zh: '批量打印', zhtw: '批量打印', en: 'Batch Print' },
};

export interface BuiltInDictionaryNames {
  name: Localized;
  /** by item code */
  items: Record<string, Localized>;
}

/** the seeded dictionaries, by their category code, with their items by item code */
export const BUILT_IN_DICTIONARY_NAMES: Record<string, BuiltInDictionaryNames> = {
  DataInterfaceType: {
    name: { zh: '数据接口分类', zhtw: '數據接口分類', en: 'Data Interface Category' },
    items: {
      system: { zh: '系统接口', zhtw: '系統接口', en: 'System' },
      business: { zh: '业务接口', zhtw: '業務接口', en: 'Business' },
      thirdParty: { zh: '第三方接口', zhtw: '第三方接口', en: 'Third Party' },
    },
  },
  printDev: {
    name: { zh: '打印模板分类', zhtw: '打印模板分類', en: 'Print Template Category' },
    items: {
      flow: { zh: '流程表单', zhtw: '流程表單', en: 'Workflow Forms' },
      form: { zh: '功能表单', zhtw: '功能表單', en: 'Function Forms' },
      report: { zh: '业务单据', zhtw: '業務單據', en: 'Business Documents' },
    },
  },
  msgSourceType: {
    name: { zh: '消息来源', zhtw: '消息來源', en: 'Message Source' },
    items: {
      '1': { zh: '系统消息', zhtw: '系統消息', en: 'System Message' },
      '2': { zh: '流程消息', zhtw: '流程消息', en: 'Workflow Message' },
      '3': { zh: '公告消息', zhtw: '公告消息', en: 'Announcement' },
      '4': { zh: '日程消息', zhtw: '日程消息', en: 'Schedule Reminder' },
    },
  },
  businessType: {
    name: { zh: '业务类型', zhtw: '業務類型', en: 'Business Type' },
    items: {
      general: { zh: '通用', zhtw: '通用', en: 'General' },
      purchase: { zh: '采购', zhtw: '採購', en: 'Purchasing' },
      sales: { zh: '销售', zhtw: '銷售', en: 'Sales' },
      finance: { zh: '财务', zhtw: '財務', en: 'Finance' },
      personnel: { zh: '人事', zhtw: '人事', en: 'Human Resources' },
      asset: { zh: '资产', zhtw: '資產', en: 'Assets' },
    },
  },
  urgency: {
    name: { zh: '紧急程度', zhtw: '緊急程度', en: 'Urgency' },
    items: {
      '1': { zh: '普通', zhtw: '普通', en: 'Normal' },
      '2': { zh: '重要', zhtw: '重要', en: 'Important' },
      '3': { zh: '紧急', zhtw: '緊急', en: 'Urgent' },
    },
  },
  sex: {
    name: { zh: '性别', zhtw: '性別', en: 'Gender' },
    items: {
      '1': { zh: '男', zhtw: '男', en: 'Male' },
      '2': { zh: '女', zhtw: '女', en: 'Female' },
      '3': { zh: '保密', zhtw: '保密', en: 'Undisclosed' },
    },
  },
  Nation: {
    name: { zh: '民族', zhtw: '民族', en: 'Ethnic Group' },
    items: {
      '01': { zh: '汉族', zhtw: '漢族', en: 'Han' },
      '02': { zh: '蒙古族', zhtw: '蒙古族', en: 'Mongol' },
      '03': { zh: '回族', zhtw: '回族', en: 'Hui' },
      '04': { zh: '藏族', zhtw: '藏族', en: 'Tibetan' },
      '05': { zh: '维吾尔族', zhtw: '維吾爾族', en: 'Uyghur' },
      '06': { zh: '苗族', zhtw: '苗族', en: 'Miao' },
      '07': { zh: '彝族', zhtw: '彝族', en: 'Yi' },
      '08': { zh: '壮族', zhtw: '壯族', en: 'Zhuang' },
      '09': { zh: '布依族', zhtw: '布依族', en: 'Bouyei' },
      '10': { zh: '朝鲜族', zhtw: '朝鮮族', en: 'Korean' },
      '11': { zh: '满族', zhtw: '滿族', en: 'Manchu' },
      '99': { zh: '其他', zhtw: '其他', en: 'Other' },
    },
  },
  Education: {
    name: { zh: '学历', zhtw: '學歷', en: 'Education' },
    items: {
      '1': { zh: '博士', zhtw: '博士', en: 'Doctorate' },
      '2': { zh: '硕士', zhtw: '碩士', en: "Master's Degree" },
      '3': { zh: '本科', zhtw: '本科', en: "Bachelor's Degree" },
      '4': { zh: '大专', zhtw: '大專', en: 'Associate Degree' },
      '5': { zh: '高中', zhtw: '高中', en: 'High School' },
      '6': { zh: '初中及以下', zhtw: '初中及以下', en: 'Junior High School or Below' },
    },
  },
  certificateType: {
    name: { zh: '证件类型', zhtw: '證件類型', en: 'ID Type' },
    items: {
      '1': { zh: '身份证', zhtw: '身份證', en: 'ID Card' },
      '2': { zh: '护照', zhtw: '護照', en: 'Passport' },
      '3': { zh: '港澳通行证', zhtw: '港澳通行證', en: 'Hong Kong and Macao Travel Permit' },
      '4': { zh: '台胞证', zhtw: '台胞證', en: 'Taiwan Compatriot Permit' },
      '5': { zh: '军官证', zhtw: '軍官證', en: 'Military Officer ID' },
    },
  },
  Rank: {
    name: { zh: '职级', zhtw: '職級', en: 'Rank' },
    items: {
      '1': { zh: '初级', zhtw: '初級', en: 'Junior' },
      '2': { zh: '中级', zhtw: '中級', en: 'Intermediate' },
      '3': { zh: '高级', zhtw: '高級', en: 'Senior' },
      '4': { zh: '专家', zhtw: '專家', en: 'Expert' },
    },
  },
  scheduleCategory: {
    name: { zh: '日程类型', zhtw: '日程類型', en: 'Schedule Type' },
    items: {
      '1': { zh: '会议', zhtw: '會議', en: 'Meeting' },
      '2': { zh: '出差', zhtw: '出差', en: 'Business Trip' },
      '3': { zh: '任务', zhtw: '任務', en: 'Task' },
      '4': { zh: '其他', zhtw: '其他', en: 'Other' },
    },
  },
  groupType: {
    name: { zh: '分组类型', zhtw: '分組類型', en: 'Group Type' },
    items: {
      '1': { zh: '部门分组', zhtw: '部門分組', en: 'Department Group' },
      '2': { zh: '项目分组', zhtw: '項目分組', en: 'Project Group' },
      '3': { zh: '其他分组', zhtw: '其他分組', en: 'Other Group' },
    },
  },
  PositionType: {
    name: { zh: '岗位类型', zhtw: '崗位類型', en: 'Position Type' },
    items: {
      '1': { zh: '管理岗位', zhtw: '管理崗位', en: 'Management' },
      '2': { zh: '技术岗位', zhtw: '技術崗位', en: 'Technical' },
      '3': { zh: '业务岗位', zhtw: '業務崗位', en: 'Business' },
      '4': { zh: '其他岗位', zhtw: '其他崗位', en: 'Other' },
    },
  },
  NoticeType: {
    name: { zh: '公告类型', zhtw: '公告類型', en: 'Announcement Type' },
    items: {
      '1': { zh: '公告', zhtw: '公告', en: 'Announcement' },
      '2': { zh: '通知', zhtw: '通知', en: 'Notice' },
    },
  },
  msgSendType: {
    name: { zh: '消息发送类型', zhtw: '消息發送類型', en: 'Message Channel' },
    items: {
      '1': { zh: '站内信', zhtw: '站內信', en: 'In-app Message' },
      '2': { zh: '邮件', zhtw: '郵件', en: 'Email' },
      '3': { zh: '短信', zhtw: '簡訊', en: 'SMS' },
      '4': { zh: '钉钉', zhtw: '釘釘', en: 'DingTalk' },
      '5': { zh: '企业微信', zhtw: '企業微信', en: 'WeCom' },
      '6': { zh: 'WebHook', zhtw: 'WebHook', en: 'Webhook' },
      '7': { zh: '微信公众号', zhtw: '微信公眾號', en: 'WeChat Official Account' },
    },
  },
  webDesign: {
    name: { zh: '功能分类', zhtw: '功能分類', en: 'Function Categories' },
    items: {
      business: { zh: '业务功能', zhtw: '業務功能', en: 'Business' },
      office: { zh: '办公管理', zhtw: '辦公管理', en: 'Office' },
      demo: { zh: '示例', zhtw: '示例', en: 'Examples' },
    },
  },
};

/** the seeded applications (systems), by their code */
export const BUILT_IN_SYSTEM_NAMES: Record<string, Localized> = {
  mainSystem: { zh: '开发平台', zhtw: '開發平台', en: 'Development Platform' },
};

/** the seeded organisations, by their code */
export const BUILT_IN_ORGANIZE_NAMES: Record<string, Localized> = {
  HQ: { zh: '智慧园区集团', zhtw: '智慧園區集團', en: 'Smart Park Group' },
};

/** an own entry of a record keyed by codes (never an inherited property such as "constructor") */
const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** the seeded users' names, by account */
export const BUILT_IN_USER_NAMES: Record<string, Localized> = {
  admin: { zh: '管理员', zhtw: '管理員', en: 'Administrator' },
};

/** the system name and window title the configuration starts with */
export const DEFAULT_SYSTEM_TITLE: Localized = {
  zh: 'JNPF快速开发平台',
  zhtw: 'JNPF快速開發平台',
  en: 'JNPF Platform',
};

/** every built-in menu (directories and screens) by its menu code */
export const MENU_NAMES_BY_CODE: ReadonlyMap<string, Localized> = /* @__PURE__ */ new Map<string, Localized>([
  ...Object.entries(MENU_DIRECTORY).map(
    ([key, code]) => [code, MENU_DIRECTORY_NAMES[key as keyof typeof MENU_DIRECTORY]] as const,
  ),
  ...Object.entries(BUILT_IN_MENUS).map(
    ([key, menu]) => [menu.enCode, BUILT_IN_MENU_NAMES[key as keyof typeof BUILT_IN_MENUS]] as const,
  ),
]);

/**
 * The name to show of a seeded entity: in the caller's language while the stored name is still the seeded one,
 * else the stored name (an administrator renamed it; or nothing was seeded under that code).
 */
export function builtInName(names: Localized | undefined, stored: string, lang: Language): string {
  return names && stored === names.zh ? names[lang] : stored;
}

/** a menu's name to show, by its code */
export const menuName = (enCode: string, stored: string, lang: Language): string =>
  lang === 'zh' ? stored : builtInName(MENU_NAMES_BY_CODE.get(enCode), stored, lang);

/** a button's name to show, by its code */
export const buttonName = (enCode: string, stored: string, lang: Language): string =>
  lang === 'zh' ? stored : builtInName(own<Localized>(BUTTON_NAMES, enCode), stored, lang);

/** a dictionary category's name to show, by its code */
export const dictionaryTypeName = (typeCode: string, stored: string, lang: Language): string =>
  lang === 'zh' ? stored : builtInName(own(BUILT_IN_DICTIONARY_NAMES, typeCode)?.name, stored, lang);

/** a dictionary item's name to show, by its category's code and its own */
export const dictionaryItemName = (typeCode: string, itemCode: string, stored: string, lang: Language): string =>
  lang === 'zh'
    ? stored
    : builtInName(own(own(BUILT_IN_DICTIONARY_NAMES, typeCode)?.items ?? {}, itemCode), stored, lang);

/** an application's name to show, by its code */
export const systemName = (enCode: string, stored: string, lang: Language): string =>
  lang === 'zh' ? stored : builtInName(own(BUILT_IN_SYSTEM_NAMES, enCode), stored, lang);

/** an organisation's name to show, by its code */
export const organizeName = (enCode: string | null | undefined, stored: string, lang: Language): string =>
  lang === 'zh' || !enCode ? stored : builtInName(own(BUILT_IN_ORGANIZE_NAMES, enCode), stored, lang);

/** a user's name to show, by their account */
export const userRealName = (account: string, stored: string, lang: Language): string =>
  lang === 'zh' ? stored : builtInName(own(BUILT_IN_USER_NAMES, account), stored, lang);

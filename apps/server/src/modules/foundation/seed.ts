// First-start data: the administrator, the root organisation, the main system, the default configuration,
// the dictionaries other screens read (message source, sex, nation …), and the top-level menu directories.
// Each is written by the module that owns it.
import { MENU_DIRECTORY } from '@jnpf/core';
import type { Tx } from '../../db/client.js';
import type { MenuDeclaration } from '../../platform/menus.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { sysConfigDefaults, writeSysConfig } from '../../platform/sysConfig.js';
import { insertDictionary, type DictionarySeed } from '../dictionary/index.js';
import { seedMenus } from '../menu/index.js';
import { seedRootOrganize } from '../organize/index.js';
import { seedMainSystem } from '../system/index.js';
import { seedAdministrator } from '../users/index.js';

/** the top-level directories; each screen under them is declared by the module that owns it */
export const foundationMenus: MenuDeclaration[] = [
  { enCode: MENU_DIRECTORY.system, fullName: '系统管理', type: 1, icon: 'icon-ym icon-ym-systemSet', sortCode: 10 },
  { enCode: MENU_DIRECTORY.systemData, fullName: '系统数据', type: 1, icon: 'icon-ym icon-ym-sysData', sortCode: 20 },
  {
    enCode: MENU_DIRECTORY.permission,
    fullName: '组织权限',
    type: 1,
    icon: 'icon-ym icon-ym-permission',
    sortCode: 30,
  },
  { enCode: MENU_DIRECTORY.msgCenter, fullName: '消息中心', type: 1, icon: 'icon-ym icon-ym-message', sortCode: 40 },
  { enCode: MENU_DIRECTORY.onlineDev, fullName: '在线开发', type: 1, icon: 'icon-ym icon-ym-onlineDev', sortCode: 50 },
];

/** dictionaries the built-in screens and forms read; items are [enCode, fullName] */
export const foundationDictionaries: DictionarySeed[] = [
  {
    enCode: 'msgSourceType',
    fullName: '消息来源',
    items: [
      ['1', '系统消息'],
      ['2', '流程消息'],
      ['3', '公告消息'],
      ['4', '日程消息'],
    ],
  },
  {
    enCode: 'businessType',
    fullName: '业务类型',
    items: [
      ['general', '通用'],
      ['purchase', '采购'],
      ['sales', '销售'],
      ['finance', '财务'],
      ['personnel', '人事'],
      ['asset', '资产'],
    ],
  },
  {
    enCode: 'urgency',
    fullName: '紧急程度',
    items: [
      ['1', '普通'],
      ['2', '重要'],
      ['3', '紧急'],
    ],
  },
  {
    enCode: 'sex',
    fullName: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
      ['3', '保密'],
    ],
  },
  {
    enCode: 'Nation',
    fullName: '民族',
    items: [
      ['01', '汉族'],
      ['02', '蒙古族'],
      ['03', '回族'],
      ['04', '藏族'],
      ['05', '维吾尔族'],
      ['06', '苗族'],
      ['07', '彝族'],
      ['08', '壮族'],
      ['09', '布依族'],
      ['10', '朝鲜族'],
      ['11', '满族'],
      ['99', '其他'],
    ],
  },
  {
    enCode: 'Education',
    fullName: '学历',
    items: [
      ['1', '博士'],
      ['2', '硕士'],
      ['3', '本科'],
      ['4', '大专'],
      ['5', '高中'],
      ['6', '初中及以下'],
    ],
  },
  {
    enCode: 'certificateType',
    fullName: '证件类型',
    items: [
      ['1', '身份证'],
      ['2', '护照'],
      ['3', '港澳通行证'],
      ['4', '台胞证'],
      ['5', '军官证'],
    ],
  },
  {
    enCode: 'Rank',
    fullName: '职级',
    items: [
      ['1', '初级'],
      ['2', '中级'],
      ['3', '高级'],
      ['4', '专家'],
    ],
  },
  {
    enCode: 'scheduleCategory',
    fullName: '日程类型',
    items: [
      ['1', '会议'],
      ['2', '出差'],
      ['3', '任务'],
      ['4', '其他'],
    ],
  },
];

export const foundationSeed: DataMigrationSpec = {
  name: 'foundation.seed',
  async run(tx: Tx, { config }) {
    const now = Date.now();
    const organizeId = await seedRootOrganize(tx, now);
    const systemId = await seedMainSystem(tx, now);
    await seedAdministrator(tx, { password: config.adminPassword, organizeId, systemId, now });
    await writeSysConfig(tx, sysConfigDefaults());
    for (const [i, dict] of foundationDictionaries.entries()) await insertDictionary(tx, dict, { sortCode: i }, now);
    await seedMenus(tx, foundationMenus);
  },
};

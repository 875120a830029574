// First-start data: the administrator, the root organisation, the main system, the default configuration,
// the dictionaries the spec refers to, and the top-level menu directories.
import { MENU_DIRECTORY, md5Hex } from '@jnpf/core';
import type { Tx } from '../../db/client.js';
import { dictionaryData, dictionaryType, organize, system, user, userRelation } from '../../db/schema/index.js';
import { sysConfig } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { MAIN_SYSTEM_CODE, seedMenus, type MenuDeclaration } from '../../platform/menus.js';
import type { DataMigrationSpec } from '../../platform/module.js';
import { hashPassword } from '../../platform/password.js';
import { sysConfigDefaults, toRows } from '../../platform/sysConfig.js';

export const ADMIN_ACCOUNT = 'admin';

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

type Dictionary = { enCode: string; fullName: string; items: [string, string][] };

/** dictionaries the specification refers to; items are [enCode, fullName] */
export const foundationDictionaries: Dictionary[] = [
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
    const rootOrgId = newId();
    await tx.insert(organize).values({
      id: rootOrgId,
      parentId: '-1',
      category: 'company',
      fullName: '智慧园区集团',
      enCode: 'HQ',
      organizeIdTree: rootOrgId,
      sortCode: 0,
      creatorTime: now,
    });
    const systemId = newId();
    await tx.insert(system).values({
      id: systemId,
      fullName: '开发平台',
      enCode: MAIN_SYSTEM_CODE,
      icon: 'icon-ym icon-ym-systemSet',
      isMain: 1,
      sortCode: 0,
      creatorTime: now,
    });
    const adminId = newId();
    const password = await hashPassword(md5Hex(config.adminPassword));
    await tx.insert(user).values({
      id: adminId,
      account: ADMIN_ACCOUNT,
      realName: '管理员',
      passwordHash: password.hash,
      passwordSalt: password.salt,
      gender: 1,
      organizeId: rootOrgId,
      isAdministrator: 1,
      systemId,
      theme: 'classic',
      creatorTime: now,
    });
    await tx
      .insert(userRelation)
      .values({ userId: adminId, objectType: 'Organize', objectId: rootOrgId, creatorTime: now });
    await tx.insert(sysConfig).values(toRows(sysConfigDefaults()));
    for (const [i, dict] of foundationDictionaries.entries()) {
      const typeId = newId();
      await tx.insert(dictionaryType).values({
        id: typeId,
        parentId: '-1',
        fullName: dict.fullName,
        enCode: dict.enCode,
        sortCode: i,
        creatorTime: now,
      });
      await tx.insert(dictionaryData).values(
        dict.items.map(([enCode, fullName], j) => ({
          id: newId(),
          dictionaryTypeId: typeId,
          parentId: '0',
          fullName,
          enCode,
          sortCode: j,
          creatorTime: now,
        })),
      );
    }
    await seedMenus(tx, foundationMenus);
  },
};

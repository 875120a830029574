// The user sheet: its columns (the reference's Chinese headers) and how the template explains them. Reading and
// writing sheets is the platform's (platform/sheets.ts).
import type { Localized } from '@jnpf/core';
import type { SheetColumn } from '../../platform/sheets.js';

export type SheetKey =
  | 'account'
  | 'realName'
  | 'gender'
  | 'email'
  | 'organizeId'
  | 'managerId'
  | 'positionId'
  | 'ranks'
  | 'roleId'
  | 'sortCode'
  | 'delFlag'
  | 'description'
  | 'nation'
  | 'nativePlace'
  | 'entryDate'
  | 'certificatesType'
  | 'certificatesNumber'
  | 'education'
  | 'birthday'
  | 'telePhone'
  | 'landline'
  | 'mobilePhone'
  | 'urgentContacts'
  | 'urgentTelePhone'
  | 'postalAddress';

const label = (zh: string, zhtw: string, en: string): Localized => ({ zh, zhtw, en });

/** the columns of the template, the export and the error report, in the reference's order */
export const SHEET_COLUMNS: (SheetColumn & { key: SheetKey; label: Localized })[] = [
  { key: 'account', label: label('账号', '賬號', 'Account'), width: 16 },
  { key: 'realName', label: label('姓名', '姓名', 'Name'), width: 14 },
  {
    key: 'gender',
    label: label('性别', '性別', 'Gender'),
    width: 8,
    note: label(
      '性别字典的名称，如：男、女',
      '性別字典的名稱，如：男、女',
      'A name of the gender dictionary, e.g. 男 (male), 女 (female)',
    ),
  },
  { key: 'email', label: label('电子邮箱', '電子郵箱', 'Email'), width: 22 },
  {
    key: 'organizeId',
    label: label('所属组织', '所屬組織', 'Organisation'),
    width: 30,
    note: label(
      '组织路径，如：集团/公司/部门；多个以;分隔',
      '組織路徑，如：集團/公司/部門；多個以;分隔',
      'Organisation paths such as Group/Company/Department; several separated by ;',
    ),
  },
  {
    key: 'managerId',
    label: label('直属主管', '直屬主管', 'Manager'),
    width: 18,
    note: label(
      '姓名/账号，如：张三/zhangsan',
      '姓名/賬號，如：張三/zhangsan',
      'Name/account, e.g. Zhang San/zhangsan',
    ),
  },
  {
    key: 'positionId',
    label: label('岗位', '崗位', 'Position'),
    width: 20,
    note: label(
      '岗位名称/岗位编码；多个以,分隔',
      '崗位名稱/崗位編碼；多個以,分隔',
      'Position name/code; several separated by ,',
    ),
  },
  { key: 'ranks', label: label('职级', '職級', 'Rank'), width: 10 },
  {
    key: 'roleId',
    label: label('角色', '角色', 'Role'),
    width: 20,
    note: label('角色名称；多个以,分隔', '角色名稱；多個以,分隔', 'Role names; several separated by ,'),
  },
  { key: 'sortCode', label: label('排序', '排序', 'Sort code'), width: 8 },
  {
    key: 'delFlag',
    label: label('状态', '狀態', 'State'),
    width: 8,
    note: label('正常、禁用或锁定', '正常、禁用或鎖定', 'Normal, Disabled or Locked'),
  },
  { key: 'description', label: label('说明', '說明', 'Description'), width: 25 },
  { key: 'nation', label: label('民族', '民族', 'Nation'), width: 10 },
  { key: 'nativePlace', label: label('籍贯', '籍貫', 'Native place'), width: 14 },
  {
    key: 'entryDate',
    label: label('入职时间', '入職時間', 'Entry date'),
    width: 20,
    note: label('日期，如：2024-05-01', '日期，如：2024-05-01', 'A date such as 2024-05-01'),
  },
  { key: 'certificatesType', label: label('证件类型', '證件類型', 'Certificate type'), width: 12 },
  { key: 'certificatesNumber', label: label('证件号码', '證件號碼', 'Certificate number'), width: 22 },
  { key: 'education', label: label('文化程度', '文化程度', 'Education'), width: 12 },
  {
    key: 'birthday',
    label: label('出生年月', '出生年月', 'Birthday'),
    width: 20,
    note: label('日期，如：2024-05-01', '日期，如：2024-05-01', 'A date such as 2024-05-01'),
  },
  { key: 'telePhone', label: label('办公电话', '辦公電話', 'Office phone'), width: 16 },
  { key: 'landline', label: label('办公座机', '辦公座機', 'Landline'), width: 16 },
  { key: 'mobilePhone', label: label('手机号码', '手機號碼', 'Mobile'), width: 16 },
  { key: 'urgentContacts', label: label('紧急联系', '緊急聯繫', 'Emergency contact'), width: 14 },
  { key: 'urgentTelePhone', label: label('紧急电话', '緊急電話', 'Emergency phone'), width: 16 },
  { key: 'postalAddress', label: label('通讯地址', '通訊地址', 'Postal address'), width: 25 },
];
/** the reference's other name of the state column (its preview rows carry both) */
export const SHEET_ALIASES = { enabledmark: 'delFlag' };

export type { SheetRow } from '../../platform/sheets.js';
export { formatDate, parseDate } from '../../platform/sheets.js';

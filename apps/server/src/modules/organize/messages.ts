// Refusals of companies and departments; the reference's Chinese verbatim in zh.
import { defineMessages } from '../../platform/i18n.js';
import { nameCodeRefusals } from './records.js';

export const m = defineMessages('organize', {
  companyParentRequired: { zh: '公司上级不能为空', zhtw: '公司上級不能為空', en: 'The parent company cannot be empty' },
  departmentParentRequired: {
    zh: '所属组织不能为空',
    zhtw: '所屬組織不能為空',
    en: 'The parent organisation cannot be empty',
  },
  parentIsSelf: {
    zh: '当前机构Id不能与父机构Id相同',
    zhtw: '當前機構Id不能與父機構Id相同',
    en: 'An organisation cannot be placed under itself or below itself',
  },
  parentMissing: { zh: '上级组织不存在', zhtw: '上級組織不存在', en: 'The parent organisation does not exist' },
  companyParentNotCompany: {
    zh: '公司的上级只能是公司',
    zhtw: '公司的上級只能是公司',
    en: 'A company can only be placed under a company',
  },
  managerMissing: { zh: '部门主管不存在', zhtw: '部門主管不存在', en: 'The department manager does not exist' },
  hasChildren: {
    zh: '此记录与"组织"关联引用，不允许被删除',
    zhtw: '此記錄與"組織"關聯引用，不允許被刪除',
    en: 'This record has organisations below it and cannot be deleted',
  },
  hasPositions: {
    zh: '此记录与"岗位"关联引用，不允许被删除',
    zhtw: '此記錄與"崗位"關聯引用，不允許被刪除',
    en: 'This record has positions and cannot be deleted',
  },
  hasUsers: {
    zh: '此记录与"用户"关联引用，不允许被删除',
    zhtw: '此記錄與"用戶"關聯引用，不允許被刪除',
    en: 'This record has users and cannot be deleted',
  },
  hasRoles: {
    zh: '此记录与"角色"关联引用，不允许被删除',
    zhtw: '此記錄與"角色"關聯引用，不允許被刪除',
    en: 'This record has roles and cannot be deleted',
  },
  topNode: { zh: '顶级节点', zhtw: '頂級節點', en: 'Top node' },
});

/** the refusals of a company's name and code */
export const companyTexts = defineMessages(
  'organize.company',
  nameCodeRefusals({ zh: '公司', zhtw: '公司', en: 'company' }),
);
/** the refusals of a department's name and code */
export const departmentTexts = defineMessages(
  'organize.department',
  nameCodeRefusals({ zh: '部门', zhtw: '部門', en: 'department' }),
);

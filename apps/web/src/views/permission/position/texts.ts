// Texts of the position screen.
import { defineViewTexts } from '../../../platform/viewText';

export const texts = defineViewTexts({
  zh: {
    title: '岗位管理',
    fullName: '岗位名称',
    enCode: '岗位编码',
    type: '岗位类型',
    department: '所属组织',
    add: '新建岗位',
    edit: '编辑岗位',
    nameRequired: '岗位名称不能为空',
    codeRequired: '岗位编码不能为空',
    typeRequired: '岗位类型不能为空',
    organizeRequired: '所属组织不能为空',
  },
  zhtw: {
    title: '崗位管理',
    fullName: '崗位名稱',
    enCode: '崗位編碼',
    type: '崗位類型',
    department: '所屬組織',
    add: '新建崗位',
    edit: '編輯崗位',
    nameRequired: '崗位名稱不能為空',
    codeRequired: '崗位編碼不能為空',
    typeRequired: '崗位類型不能為空',
    organizeRequired: '所屬組織不能為空',
  },
  en: {
    title: 'Positions',
    fullName: 'Position name',
    enCode: 'Position code',
    type: 'Position type',
    department: 'Organisation',
    add: 'New position',
    edit: 'Edit position',
    nameRequired: 'The position name cannot be empty',
    codeRequired: 'The position code cannot be empty',
    typeRequired: 'The position type cannot be empty',
    organizeRequired: 'The organisation cannot be empty',
  },
});

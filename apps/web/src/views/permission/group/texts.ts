// Texts of the user-group screen.
import { defineViewTexts } from '../../../platform/viewText';

export const texts = defineViewTexts({
  zh: {
    title: '分组管理',
    fullName: '分组名称',
    enCode: '分组编码',
    type: '分组类型',
    description: '说明',
    add: '新建分组',
    edit: '编辑分组',
    nameRequired: '名称不能为空',
    codeRequired: '编码不能为空',
    typeRequired: '分组类型不能为空',
  },
  zhtw: {
    title: '分組管理',
    fullName: '分組名稱',
    enCode: '分組編碼',
    type: '分組類型',
    description: '說明',
    add: '新建分組',
    edit: '編輯分組',
    nameRequired: '名稱不能為空',
    codeRequired: '編碼不能為空',
    typeRequired: '分組類型不能為空',
  },
  en: {
    title: 'User groups',
    fullName: 'Group name',
    enCode: 'Group code',
    type: 'Group type',
    description: 'Description',
    add: 'New group',
    edit: 'Edit group',
    nameRequired: 'The name cannot be empty',
    codeRequired: 'The code cannot be empty',
    typeRequired: 'The group type cannot be empty',
  },
});

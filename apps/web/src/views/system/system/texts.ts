// Texts of the application (system) screen.
import { defineViewTexts } from '../../../platform/viewText';

export const texts = defineViewTexts({
  zh: {
    title: '应用管理',
    fullName: '应用名称',
    enCode: '应用编码',
    icon: '图标',
    main: '主系统',
    add: '新建应用',
    edit: '编辑应用',
    nameRequired: '名称不能为空',
    codeRequired: '编码不能为空',
  },
  zhtw: {
    title: '應用管理',
    fullName: '應用名稱',
    enCode: '應用編碼',
    icon: '圖標',
    main: '主系統',
    add: '新建應用',
    edit: '編輯應用',
    nameRequired: '名稱不能為空',
    codeRequired: '編碼不能為空',
  },
  en: {
    title: 'Applications',
    fullName: 'Application name',
    enCode: 'Application code',
    icon: 'Icon',
    main: 'Main',
    add: 'New application',
    edit: 'Edit application',
    nameRequired: 'The name is required',
    codeRequired: 'The code is required',
  },
});

// Texts of the relation form (关联表单) and relation-form attribute (关联表单属性) widgets and their property
// panels in zh, zhtw and en.
import { defineViewTexts } from '../../platform/viewText';

export const relationTexts = defineViewTexts({
  zh: {
    selectPlaceholder: '请选择',
    detail: '详情',
    close: '关闭',
    loadFailed: '关联数据读取失败',
    relatedForm: '关联功能',
    shownField: '显示字段',
    columns: '列表字段',
    attrRelation: '关联表单字段',
    attrShowField: '显示字段',
    choose: '请选择',
  },
  zhtw: {
    selectPlaceholder: '請選擇',
    detail: '詳情',
    close: '關閉',
    loadFailed: '關聯數據讀取失敗',
    relatedForm: '關聯功能',
    shownField: '顯示字段',
    columns: '列表字段',
    attrRelation: '關聯表單字段',
    attrShowField: '顯示字段',
    choose: '請選擇',
  },
  en: {
    selectPlaceholder: 'Please select',
    detail: 'Details',
    close: 'Close',
    loadFailed: 'The related record could not be read',
    relatedForm: 'Related function',
    shownField: 'Shown field',
    columns: 'Dialog columns',
    attrRelation: 'Relation form field',
    attrShowField: 'Shown field',
    choose: 'Please select',
  },
});

// Texts of the popup select, popup table select, autoComplete and popup attribute widgets in zh, zhtw and en.
// The Chinese is the reference platform's own wording.
import { defineViewTexts } from '../../platform/viewText';

export const popupTexts = defineViewTexts({
  zh: {
    selectData: '选择数据',
    selectPlaceholder: '请选择',
    inputPlaceholder: '请输入',
    keywordPlaceholder: '请输入关键词查询',
    search: '查询',
    reset: '重置',
    refresh: '刷新',
    index: '序号',
    cancel: '取消',
    confirm: '确定',
    noSelection: '请选择一条数据',
    total: '共 {total} 条',
  },
  zhtw: {
    selectData: '選擇數據',
    selectPlaceholder: '請選擇',
    inputPlaceholder: '請輸入',
    keywordPlaceholder: '請輸入關鍵詞查詢',
    search: '查詢',
    reset: '重置',
    refresh: '刷新',
    index: '序號',
    cancel: '取消',
    confirm: '確定',
    noSelection: '請選擇一條數據',
    total: '共 {total} 條',
  },
  en: {
    selectData: 'Select data',
    selectPlaceholder: 'Please select',
    inputPlaceholder: 'Please enter',
    keywordPlaceholder: 'Enter a keyword',
    search: 'Search',
    reset: 'Reset',
    refresh: 'Refresh',
    index: 'No.',
    cancel: 'Cancel',
    confirm: 'OK',
    noSelection: 'Select a row',
    total: '{total} in all',
  },
});

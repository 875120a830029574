import { defineViewTexts } from '../../platform/viewText';

export const { useText: useChooserText } = defineViewTexts({
  zh: {
    title: '选择数据',
    keywordPlaceholder: '请输入关键词查询',
    search: '查询',
    reset: '重置',
    confirm: '确定',
    cancel: '取消',
    selected: '已选择 {n} 项',
    total: '共 {n} 条',
  },
  zhtw: {
    title: '選擇資料',
    keywordPlaceholder: '請輸入關鍵詞查詢',
    search: '查詢',
    reset: '重置',
    confirm: '確定',
    cancel: '取消',
    selected: '已選擇 {n} 項',
    total: '共 {n} 條',
  },
  en: {
    title: 'Choose records',
    keywordPlaceholder: 'Search by keyword',
    search: 'Search',
    reset: 'Reset',
    confirm: 'OK',
    cancel: 'Cancel',
    selected: '{n} selected',
    total: '{n} in total',
  },
});

// Texts the message template and send configuration screens share, worded the same in both (the record's
// fields, the list's filters, the common validation messages). Each screen's texts.ts adds its own words
// with withSharedTexts, so one translate function serves a screen and the shared pieces read sharedTexts.
import { defineViewTexts, type ViewTexts } from '../../../platform/viewText';

const shared = {
  zh: {
    fullName: '名称',
    enCode: '编码',
    templateType: '模板类型',
    systemTemplate: '系统模板',
    customTemplate: '自定义模板',
    messageSource: '消息来源',
    messageType: '消息类型',
    enabledMark: '状态',
    sortCode: '排序',
    description: '说明',
    creatorUser: '创建人',
    creatorTime: '创建时间',
    lastModifyTime: '最后修改时间',
    allSources: '全部消息来源',
    allTypes: '全部消息类型',
    allTemplateTypes: '全部模板类型',
    allStates: '全部状态',
    detail: '详情',
    copy: '复制',
    nameRequired: '请输入名称',
    nameTooLong: '名称最多为50个字符',
    codeRequired: '请输入编码',
    codeRule: '编码最多50个字符，只能包含英文、数字、下划线、中划线和小数点，且以英文或数字开头',
    sourceRequired: '请选择消息来源',
    typeRequired: '请选择消息类型',
    sortRange: '排序只能是0到999999之间的整数',
    inputPlaceholder: '请输入',
    selectPlaceholder: '请选择',
  },
  zhtw: {
    fullName: '名稱',
    enCode: '編碼',
    templateType: '模板類型',
    systemTemplate: '系統模板',
    customTemplate: '自定義模板',
    messageSource: '消息來源',
    messageType: '消息類型',
    enabledMark: '狀態',
    sortCode: '排序',
    description: '說明',
    creatorUser: '創建人',
    creatorTime: '創建時間',
    lastModifyTime: '最後修改時間',
    allSources: '全部消息來源',
    allTypes: '全部消息類型',
    allTemplateTypes: '全部模板類型',
    allStates: '全部狀態',
    detail: '詳情',
    copy: '複製',
    nameRequired: '請輸入名稱',
    nameTooLong: '名稱最多為50個字元',
    codeRequired: '請輸入編碼',
    codeRule: '編碼最多50個字元，只能包含英文、數字、下劃線、中劃線和小數點，且以英文或數字開頭',
    sourceRequired: '請選擇消息來源',
    typeRequired: '請選擇消息類型',
    sortRange: '排序只能是0到999999之間的整數',
    inputPlaceholder: '請輸入',
    selectPlaceholder: '請選擇',
  },
  en: {
    fullName: 'Name',
    enCode: 'Code',
    templateType: 'Template type',
    systemTemplate: 'System',
    customTemplate: 'Custom',
    messageSource: 'Message source',
    messageType: 'Channel',
    enabledMark: 'Status',
    sortCode: 'Sort',
    description: 'Description',
    creatorUser: 'Created by',
    creatorTime: 'Created',
    lastModifyTime: 'Last modified',
    allSources: 'All sources',
    allTypes: 'All channels',
    allTemplateTypes: 'All template types',
    allStates: 'All states',
    detail: 'Details',
    copy: 'Copy',
    nameRequired: 'Please enter a name',
    nameTooLong: 'The name can be at most 50 characters',
    codeRequired: 'Please enter a code',
    codeRule: 'At most 50 letters, digits, underscores, hyphens and dots, starting with a letter or digit',
    sourceRequired: 'Please choose the message source',
    typeRequired: 'Please choose the channel',
    sortRange: 'Sort must be a whole number from 0 to 999999',
    inputPlaceholder: 'Enter',
    selectPlaceholder: 'Choose',
  },
};

type SharedTexts = typeof shared.zh;
export type SharedTextKey = keyof SharedTexts;

export const sharedTexts = defineViewTexts<SharedTexts>(shared);

/** a screen's texts: the shared ones plus its own (its own win where a key is in both) */
export function withSharedTexts<T extends Record<string, string>>(own: ViewTexts<T>) {
  return defineViewTexts<SharedTexts & T>({
    zh: { ...shared.zh, ...own.zh },
    zhtw: { ...shared.zhtw, ...own.zhtw },
    en: { ...shared.en, ...own.en },
  });
}

/** a record's template type in words: '1' system, anything else custom */
export function useTemplateTypeName() {
  const t = sharedTexts.useText();
  return (templateType: string) => (templateType === '1' ? t('systemTemplate') : t('customTemplate'));
}

// Refusals of the message template and send configuration calls.
import { nameAndCodeTexts } from '../../platform/fields.js';
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('messageTemplate', {
  created: { zh: '创建成功', zhtw: '創建成功', en: 'Created' },
  copied: { zh: '复制数据成功', zhtw: '複製數據成功', en: 'Copied' },
  ...nameAndCodeTexts,
  messageSourceRequired: { zh: '消息来源不能为空', zhtw: '消息來源不能為空', en: 'Choose the message source' },
  messageTypeRequired: { zh: '消息类型不能为空', zhtw: '消息類型不能為空', en: 'Choose the message type' },
  systemTemplateCode: {
    zh: '自定义模板编码不能使用系统模板编码规则',
    zhtw: '自定義模板編碼不能使用系統模板編碼規則',
    en: 'A custom template code cannot follow the system template code pattern',
  },
  noTitleParam: {
    zh: '微信公众号模板不存在标题参数',
    zhtw: '微信公眾號模板不存在標題參數',
    en: 'A WeChat official account template needs one title parameter',
  },
  manyTitleParams: {
    zh: '微信公众号模板存在多个标题参数',
    zhtw: '微信公眾號模板存在多個標題參數',
    en: 'A WeChat official account template can have only one title parameter',
  },
  paramFieldFormat: {
    zh: '参数名只能以@或字母开头，由字母、数字和下划线组成',
    zhtw: '參數名只能以@或字母開頭，由字母、數字和下劃線組成',
    en: 'A parameter starts with @ or a letter, then letters, digits and underscores',
  },
  paramDuplicate: { zh: '参数名不能重复', zhtw: '參數名不能重複', en: 'A parameter is listed twice' },
  usedCannotDisable: {
    zh: '此记录与“消息发送配置”关联引用，不允许被禁用',
    zhtw: '此記錄與“消息發送配置”關聯引用，不允許被禁用',
    en: 'A send configuration uses this template; it cannot be disabled',
  },
  usedCannotDelete: {
    zh: '此记录与“消息发送配置”关联引用，不允许被删除',
    zhtw: '此記錄與“消息發送配置”關聯引用，不允許被刪除',
    en: 'A send configuration uses this template; it cannot be deleted',
  },
  copyTooLong: {
    zh: '复制名称长度超过了限制长度',
    zhtw: '複製名稱長度超過了限制長度',
    en: 'The copy’s name would be too long',
  },
  systemConfigCode: {
    zh: '自定义模板编码不能使用系统模板编码规则',
    zhtw: '自定義模板編碼不能使用系統模板編碼規則',
    en: 'A custom configuration code cannot follow the system code pattern',
  },
  templateMissing: {
    zh: '所选消息模板不存在',
    zhtw: '所選消息模板不存在',
    en: 'A chosen message template does not exist',
  },
});

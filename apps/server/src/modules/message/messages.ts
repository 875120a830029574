// Refusals of the message centre and chat calls; Chinese texts as the reference's where it has them.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('message', {
  noUnread: { zh: '暂无未读消息', zhtw: '暫無未讀消息', en: 'There are no unread messages' },
  idsRequired: { zh: '请选择要删除的消息', zhtw: '請選擇要刪除的消息', en: 'Choose the messages to delete' },
  emptyMessage: { zh: '消息内容不能为空', zhtw: '消息內容不能為空', en: 'The message cannot be empty' },
  messageTooLong: {
    zh: '消息内容不能超过{n}个字符',
    zhtw: '消息內容不能超過{n}個字元',
    en: 'A message can be at most {n} characters',
  },
  messageTypeInvalid: {
    zh: '不支持的消息类型',
    zhtw: '不支持的消息類型',
    en: 'That message type is not supported',
  },
  recipientMissing: { zh: '接收人不存在', zhtw: '接收人不存在', en: 'The recipient does not exist' },
  fileMissing: { zh: '文件不存在', zhtw: '文件不存在', en: 'The file does not exist' },
});

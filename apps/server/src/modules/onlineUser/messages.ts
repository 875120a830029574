// Refusals of the online-user calls.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('onlineUser', {
  notYourself: {
    zh: '不能强制下线自己',
    zhtw: '不能強制下線自己',
    en: 'You cannot force yourself offline',
  },
  idsRequired: { zh: '请选择要下线的用户', zhtw: '請選擇要下線的用戶', en: 'Choose the sessions to end' },
});

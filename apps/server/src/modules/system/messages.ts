// Refusals of the application (system) calls.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('system', {
  mainNoDisable: {
    zh: '更新失败，主系统不允许禁用',
    zhtw: '更新失敗，主系統不允許禁用',
    en: 'The main system cannot be disabled',
  },
  mainNoCodeChange: {
    zh: '更新失败，主系统不允许修改编码',
    zhtw: '更新失敗，主系統不允許修改編碼',
    en: 'The code of the main system cannot change',
  },
  mainNoDelete: { zh: '主系统不允许删除', zhtw: '主系統不允許刪除', en: 'The main system cannot be deleted' },
  /** the socket frame sent to users of a system that was disabled or deleted (the reference's text) */
  switching: {
    zh: '应用已被禁用，正为您切换应用',
    zhtw: '應用已被禁用，正為您切換應用',
    en: 'The application was disabled; switching you to another one',
  },
});

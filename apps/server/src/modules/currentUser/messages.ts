// Messages of the current-user calls that the platform catalogue does not have.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('currentUser', {
  invalidCharacters: {
    zh: '内容包含不允许的字符',
    zhtw: '內容包含不允許的字元',
    en: 'The text contains a character that is not allowed',
  },
});

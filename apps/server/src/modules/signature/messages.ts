// Refusals of the electronic seal calls; the duplicate and not-found texts are the platform's (EXIST001/002, FA001-003).
import { nameAndCodeTexts } from '../../platform/fields.js';
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('signature', {
  ...nameAndCodeTexts,
  userIdsRequired: { zh: '授权人不能为空', zhtw: '授權人不能為空', en: 'Choose at least one authorised user' },
  userMissing: { zh: '所选授权人不存在', zhtw: '所選授權人不存在', en: 'A chosen authorised user does not exist' },
  iconRequired: { zh: '签章不能为空', zhtw: '簽章不能為空', en: 'The seal image cannot be empty' },
  iconInvalid: {
    zh: '签章须为PNG、JPEG、GIF、WEBP或BMP图片（不超过1MB），或图片文件的路径或网址',
    zhtw: '簽章須為PNG、JPEG、GIF、WEBP或BMP圖片（不超過1MB），或圖片文件的路徑或網址',
    en: 'The seal must be a PNG, JPEG, GIF, WEBP or BMP image (at most 1 MB), or the path or address of an image file',
  },
  textInvalid: {
    zh: '内容不能包含控制字符',
    zhtw: '內容不能包含控制字元',
    en: 'Text cannot contain control characters',
  },
});

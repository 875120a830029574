// Refusals of the grant calls.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('authority', {
  typeRequired: { zh: '类型不能为空', zhtw: '類型不能為空', en: 'The step type is required' },
  objectNotFound: { zh: '授权对象不存在', zhtw: '授權對象不存在', en: 'The object to grant to does not exist' },
  objectsRequired: { zh: '请选择授权对象', zhtw: '請選擇授權對象', en: 'Choose whom to grant to' },
  fieldListInvalid: { zh: '列设置格式错误', zhtw: '列設置格式錯誤', en: 'The column settings are not valid' },
});

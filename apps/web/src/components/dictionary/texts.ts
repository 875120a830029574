// Texts of the dictionary selector in zh, zhtw and en.
import { defineViewTexts } from '../../platform/viewText';

export const dictionarySelectTexts = defineViewTexts({
  zh: { choose: '请选择', add: '添加' },
  zhtw: { choose: '請選擇', add: '添加' },
  en: { choose: 'Please select', add: 'Add' },
});

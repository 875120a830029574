// Refusals of the number-rule screen and of number generation (reference texts verbatim where they exist).
import { defineMessages } from '../../platform/i18n.js';
import { nameCodeInputs } from '../dictionary/index.js';

export const m = defineMessages('billRule', {
  numberIssued: { zh: '获取成功', zhtw: '獲取成功', en: 'Done' },
  ...nameCodeInputs({ zh: '业务', zhtw: '業務' }),
  codeRule: {
    zh: '业务编码只能输入英文、数字、小数点、下划线和中划线',
    zhtw: '業務編碼只能輸入英文、數字、小數點、下劃線和中劃線',
    en: 'Code may contain only letters, digits, dots, underscores and hyphens',
  },
  categoryRequired: { zh: '请选择业务分类', zhtw: '請選擇業務分類', en: 'Please choose a category' },
  categoryNotFound: {
    zh: '业务分类不存在',
    zhtw: '業務分類不存在',
    en: 'The category is not an item of the businessType dictionary',
  },
  affixTooLong: {
    zh: '前缀和后缀最多为50个字符',
    zhtw: '前綴和後綴最多為50個字符',
    en: 'Prefix and suffix can be at most 50 characters',
  },
  typeInvalid: {
    zh: '方式只能是1（时间格式）、2（随机数编号）或3（UUID）',
    zhtw: '方式只能是1（時間格式）、2（隨機數編號）或3（UUID）',
    en: 'Type must be 1 (date), 2 (random) or 3 (UUID)',
  },
  dateFormatRequired: { zh: '请选择流水日期', zhtw: '請選擇流水日期', en: 'Please choose a date format' },
  dateFormatInvalid: {
    zh: '流水日期格式只能是YYYY、YYYYMM、YYYYMMDD、YYYYMMDDHH、YYYYMMDDHHmm、YYYYMMDDHHmmss、YYYYMMDDHHmmssSSS或no',
    zhtw: '流水日期格式只能是YYYY、YYYYMM、YYYYMMDD、YYYYMMDDHH、YYYYMMDDHHmm、YYYYMMDDHHmmss、YYYYMMDDHHmmssSSS或no',
    en: 'Date format must be YYYY, YYYYMM, YYYYMMDD, YYYYMMDDHH, YYYYMMDDHHmm, YYYYMMDDHHmmss, YYYYMMDDHHmmssSSS or no',
  },
  digitRequired: { zh: '请输入流水位数', zhtw: '請輸入流水位數', en: 'Please enter the number of digits' },
  digitInvalid: { zh: '仅能输入正整数', zhtw: '僅能輸入正整數', en: 'Only positive integers' },
  digitTooLarge: { zh: '流水位数最多为9位', zhtw: '流水位數最多為9位', en: 'At most 9 digits' },
  startRequired: { zh: '请输入起始值', zhtw: '請輸入起始值', en: 'Please enter the start value' },
  startDigits: { zh: '只能输入数字', zhtw: '只能輸入數字', en: 'Digits only' },
  startZero: { zh: '起始值不能为{value}', zhtw: '起始值不能為{value}', en: 'The start value cannot be {value}' },
  startTooLong: {
    zh: '起始值超出流水位数',
    zhtw: '起始值超出流水位數',
    en: 'The start value has more digits than the rule',
  },
  randomDigitInvalid: {
    zh: '随机数位数只能是16或32',
    zhtw: '隨機數位數只能是16或32',
    en: 'Random digits must be 16 or 32',
  },
  randomTypeInvalid: {
    zh: '随机数类型只能是1（纯数字）或2（字母+数字）',
    zhtw: '隨機數類型只能是1（純數字）或2（字母+數字）',
    en: 'Random type must be 1 (digits) or 2 (letters and digits)',
  },
  ruleNotFound: { zh: '单据规则不存在', zhtw: '單據規則不存在', en: 'The number rule does not exist' },
  ruleDisabled: { zh: '单据规则已禁用', zhtw: '單據規則已禁用', en: 'The number rule is disabled' },
  exhausted: {
    zh: '单据流水号已超出{digit}位，请修改单据规则的流水位数或起始值',
    zhtw: '單據流水號已超出{digit}位，請修改單據規則的流水位數或起始值',
    en: 'The rule has run out of {digit}-digit numbers; change its digits or start value',
  },
  inUse: {
    zh: '单据已经被使用,不允许被删除',
    zhtw: '單據已經被使用,不允許被刪除',
    en: 'The rule has issued numbers and cannot be deleted',
  },
  // .bb import
  importWrongFormat: {
    zh: '导入失败，该文件不是单据规则导出文件',
    zhtw: '導入失敗，該文件不是單據規則導出文件',
    en: 'Import failed: the file is not a number-rule export',
  },
  importSkipped: {
    zh: '单据规则已存在，已跳过',
    zhtw: '單據規則已存在，已跳過',
    en: 'The number rule already exists and was skipped',
  },
});

// Messages shared by server and browser, in the three interface languages.
// The reference platform's Chinese texts are verbatim in zh.
import type { Language } from './lang.js';

export type Localized = Record<Language, string>;

export const fieldRuleMessages = {
  mobile: { zh: '请正确输入您的手机号', zhtw: '請正確輸入您的手機號', en: 'Please enter a valid mobile number' },
  password: {
    zh: '6-16位字符的密码（数字和字母组成）',
    zhtw: '6-16位字元的密碼（數字和字母組成）',
    en: 'Password of 6-16 characters (letters and digits)',
  },
  idCard: {
    zh: '请正确输入您的身份证号码',
    zhtw: '請正確輸入您的身份證號碼',
    en: 'Please enter a valid ID card number',
  },
  email: { zh: '请正确输入您的邮箱地址', zhtw: '請正確輸入您的郵箱地址', en: 'Please enter a valid email address' },
  licencePlate: { zh: '请正确输入您的车牌号', zhtw: '請正確輸入您的車牌號', en: 'Please enter a valid licence plate' },
  chinese: { zh: '请正确输入中文', zhtw: '請正確輸入中文', en: 'Please enter Chinese characters only' },
  code: {
    zh: '编码只能输入英文、数字和小数点且小数点不能放在首尾',
    zhtw: '編碼只能輸入英文、數字和小數點且小數點不能放在首尾',
    en: 'Code may contain only letters, digits and dots, and cannot start or end with a dot',
  },
  account: { zh: '只能输入数字英文', zhtw: '只能輸入數字英文', en: 'Only letters and digits are allowed' },
  name: { zh: '名称不能含有特殊符号', zhtw: '名稱不能含有特殊符號', en: 'Name cannot contain special characters' },
  numericCode: { zh: '编码只能输入数字', zhtw: '編碼只能輸入數字', en: 'Code may contain digits only' },
  time: {
    zh: '时间只能是整数和0.5的倍数',
    zhtw: '時間只能是整數和0.5的倍數',
    en: 'Time must be a whole number or a multiple of 0.5',
  },
  positiveInteger: { zh: '请输入正整数', zhtw: '請輸入正整數', en: 'Please enter a positive integer' },
  fieldName: {
    zh: '只能输入大小写英文字母、数字、下划线组合，且不能数字、下划线开头',
    zhtw: '只能輸入大小寫英文字母、數字、下劃線組合，且不能數字、下劃線開頭',
    en: 'Only letters, digits and underscores, not starting with a digit or underscore',
  },
} satisfies Record<string, Localized>;

export const passwordMessages = {
  oldRequired: { zh: '旧密码不能为空', zhtw: '舊密碼不能為空', en: 'Old password cannot be empty' },
  newRequired: { zh: '新密码不能为空', zhtw: '新密碼不能為空', en: 'New password cannot be empty' },
  repeatRequired: { zh: '重复密码不能为空', zhtw: '重複密碼不能為空', en: 'Repeat password cannot be empty' },
  mismatch: { zh: '两次密码输入不一致', zhtw: '兩次密碼輸入不一致', en: 'The two passwords do not match' },
  captchaRequired: { zh: '验证码不能为空', zhtw: '驗證碼不能為空', en: 'Captcha cannot be empty' },
  minLength: {
    zh: '新密码长度不能小于{n}位',
    zhtw: '新密碼長度不能小於{n}位',
    en: 'New password length cannot be less than {n}',
  },
  needDigit: { zh: '新密码必须包含数字', zhtw: '新密碼必須包含數字', en: 'New password must contain a digit' },
  needLower: {
    zh: '新密码必须包含小写字母',
    zhtw: '新密碼必須包含小寫字母',
    en: 'New password must contain a lowercase letter',
  },
  needUpper: {
    zh: '新密码必须包含大写字母',
    zhtw: '新密碼必須包含大寫字母',
    en: 'New password must contain an uppercase letter',
  },
  needSymbol: {
    zh: '新密码必须包含字符',
    zhtw: '新密碼必須包含字元',
    en: 'New password must contain a special character',
  },
} satisfies Record<string, Localized>;

export function format(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

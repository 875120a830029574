// The reusable field rules of forms (mobile, password, id card …), each with its message key.
import type { fieldRuleMessages } from './messages.js';

type RuleName = keyof typeof fieldRuleMessages;

export const fieldRules: Record<RuleName, RegExp> = {
  mobile: /^1[3-9]\d{9}$/,
  password: /^(?=.*[0-9])(?=.*[a-zA-Z])[0-9A-Za-z]{6,16}$/,
  idCard:
    /^[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]$|^[1-9]\d{7}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  licencePlate:
    /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/,
  chinese: /^[\u4e00-\u9fa5]+$/,
  code: /^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/,
  account: /^[A-Za-z0-9]+$/,
  name: /^[^~!@#$%^&*()+=|{}':;,\\[\].<>/?！￥…（）—【】‘；：”“。，、？`"]+$/,
  numericCode: /^\d+$/,
  time: /^\d+(?:\.5)?$/,
  positiveInteger: /^[1-9]\d*$/,
  fieldName: /^[A-Za-z][A-Za-z0-9_]*$/,
};

export function checkRule(rule: RuleName, value: string): boolean {
  return fieldRules[rule].test(value);
}

// Messages of the widgets' pure logic, in the three interface languages, so the form and the server say the same.
// zh texts are the reference product's where it has one (请选择地址, 超出微调范围, 超出规定范围, 数字较大溢出).
import type { Language } from '../lang.js';
import { format, type Localized } from '../messages.js';

export const widgetMessages = {
  calculateEmpty: { zh: '计算公式不能为空', zhtw: '計算公式不能為空', en: 'The calculation formula is empty' },
  calculateUnexpected: {
    zh: '计算公式第{position}项不正确：数字与运算符须交替出现',
    zhtw: '計算公式第{position}項不正確：數字與運算符須交替出現',
    en: 'Item {position} of the calculation formula is out of place: numbers and operators must alternate',
  },
  calculateUnknown: {
    zh: '计算公式第{position}项无法识别：{text}',
    zhtw: '計算公式第{position}項無法識別：{text}',
    en: 'Item {position} of the calculation formula is not recognised: {text}',
  },
  calculateParentheses: {
    zh: '计算公式的括号不匹配',
    zhtw: '計算公式的括號不匹配',
    en: 'The parentheses of the calculation formula do not match',
  },
  calculateTooLong: {
    zh: '计算公式过长或嵌套过深',
    zhtw: '計算公式過長或嵌套過深',
    en: 'The calculation formula is too long or nested too deeply',
  },
  calculateMismatch: {
    zh: '{label}的计算结果应为{expected}',
    zhtw: '{label}的計算結果應為{expected}',
    en: 'The calculated value of {label} should be {expected}',
  },
  amountOverflow: { zh: '数字较大溢出', zhtw: '數字較大溢出', en: 'The number is too large' },
  amountNotNumber: { zh: '{label}必须是数字', zhtw: '{label}必須是數字', en: '{label} must be a number' },
  numberRangeShape: {
    zh: '{label}必须是包含最小值和最大值的数字范围',
    zhtw: '{label}必須是包含最小值和最大值的數字範圍',
    en: '{label} must be a number range of a minimum and a maximum',
  },
  numberRangeOrder: {
    zh: '{label}的最小值不能大于最大值',
    zhtw: '{label}的最小值不能大於最大值',
    en: 'The minimum of {label} cannot be greater than its maximum',
  },
  numberPrecision: {
    zh: '{label}最多保留{precision}位小数',
    zhtw: '{label}最多保留{precision}位小數',
    en: '{label} allows at most {precision} decimal places',
  },
  numberBelowMin: {
    zh: '{label}不能小于{min}',
    zhtw: '{label}不能小於{min}',
    en: '{label} cannot be less than {min}',
  },
  numberAboveMax: {
    zh: '{label}不能大于{max}',
    zhtw: '{label}不能大於{max}',
    en: '{label} cannot be greater than {max}',
  },
  sliderNumber: {
    zh: '{label}必须是一个数字',
    zhtw: '{label}必須是一個數字',
    en: '{label} must be a single number',
  },
  sliderRangeShape: {
    zh: '{label}必须是由起始值和结束值两个数字组成的范围',
    zhtw: '{label}必須是由起始值和結束值兩個數字組成的範圍',
    en: '{label} must be a range of two numbers: a start and an end',
  },
  sliderOffStep: {
    zh: '{label}只能按步长{step}取值',
    zhtw: '{label}只能按步長{step}取值',
    en: '{label} must be on a step of {step}',
  },
  barcodeText: {
    zh: '{label}只能包含字母和数字',
    zhtw: '{label}只能包含字母和數字',
    en: '{label} may contain only letters and digits',
  },
  webAddress: {
    zh: '{label}的地址只能以http://或https://开头',
    zhtw: '{label}的地址只能以http://或https://開頭',
    en: 'The address of {label} must start with http:// or https://',
  },
  qrcodeTooLong: {
    zh: '{label}内容过长，最多{max}个字符',
    zhtw: '{label}內容過長，最多{max}個字元',
    en: '{label} is too long: at most {max} characters',
  },
  locationSelectAddress: { zh: '请选择地址', zhtw: '請選擇地址', en: 'Please select an address' },
  locationShape: {
    zh: '{label}不是有效的位置',
    zhtw: '{label}不是有效的位置',
    en: '{label} is not a valid location',
  },
  locationBeyondAdjustment: { zh: '超出微调范围', zhtw: '超出微調範圍', en: 'Exceeds the fine-tuning range' },
  locationOutsideScope: { zh: '超出规定范围', zhtw: '超出規定範圍', en: 'Exceeds the specified range' },
  locationFieldOutsideScope: {
    zh: '{label}超出规定范围',
    zhtw: '{label}超出規定範圍',
    en: '{label} is outside the specified range',
  },
  signEmpty: { zh: '请签名', zhtw: '請簽名', en: 'Please sign' },
  signNotImage: {
    zh: '{label}不是签名图片',
    zhtw: '{label}不是簽名圖片',
    en: '{label} is not a signature picture',
  },
  signNotReadable: {
    zh: '{label}的签名图片不存在或无权读取',
    zhtw: '{label}的簽名圖片不存在或無權讀取',
    en: 'The signature picture of {label} does not exist or may not be read',
  },
} satisfies Record<string, Localized>;

export type WidgetMessageKey = keyof typeof widgetMessages;

/** A rule a value broke: the message key and what fills its placeholders. */
export interface WidgetError {
  key: WidgetMessageKey;
  params?: Record<string, string | number>;
}

export type WidgetCheck = { ok: true } | { ok: false; error: WidgetError };

export const WIDGET_OK: WidgetCheck = /* @__PURE__ */ Object.freeze({ ok: true });

export function widgetFailure(key: WidgetMessageKey, params?: Record<string, string | number>): WidgetCheck {
  return { ok: false, error: params ? { key, params } : { key } };
}

/** The error's text in `lang`; `label` (the field's label) fills {label} when the error does not name one. */
export function widgetMessage(error: WidgetError, lang: Language, label?: string): string {
  const params = { ...(label === undefined ? {} : { label }), ...error.params };
  return format(widgetMessages[error.key][lang], params);
}

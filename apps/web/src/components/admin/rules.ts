// Form rules the administration forms share, with the caller's message.
import { fieldRules } from '@jnpf/core';
import type { Rule } from 'antd/es/form';
import { NAME_MAX, SORT_CODE_MAX } from './constants';

export const required = (message: string): Rule => ({ required: true, whitespace: true, message });

export const maxLength = (message: string, max: number = NAME_MAX): Rule => ({ max, message });

export const pattern = (regex: RegExp, message: string): Rule => ({ pattern: regex, message });

/** 名称不能含有特殊符号 and friends: a shared field rule of @jnpf/core */
export const fieldRule = (name: keyof typeof fieldRules, message: string): Rule => ({
  pattern: fieldRules[name],
  message,
});

/** sortCode: a whole number from 0 to 999999 */
export const sortCodeRule = (message: string): Rule => ({
  type: 'integer',
  min: 0,
  max: SORT_CODE_MAX,
  message,
});

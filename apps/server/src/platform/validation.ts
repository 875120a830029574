// Input validation with zod, messages in the caller's language. A custom message written as "@key"
// names a message of the shared catalogues (field rules, password rules) or the server catalogue.
import { z, type ZodType } from 'zod';
import { fieldRuleMessages, findUnstorable, passwordMessages, type Language } from '@jnpf/core';
import { isMessageKey, t } from './i18n.js';
import { ValidationError } from './errors.js';

const locales = { zh: z.locales.zhCN(), zhtw: z.locales.zhTW(), en: z.locales.en() } as const;

/** marks a custom message as a catalogue key, translated at response time */
export const msg = (key: keyof typeof fieldRuleMessages | keyof typeof passwordMessages | string) => `@${key}`;

/**
 * a custom message in the caller's language; a server catalogue message may name the bound the input broke
 * ({max}, {min}: a size or length limit)
 */
export function translateMessage(text: string, lang: Language, params?: Record<string, string | number>): string {
  if (!text.startsWith('@')) return text;
  const key = text.slice(1);
  if (key in fieldRuleMessages) return fieldRuleMessages[key as keyof typeof fieldRuleMessages][lang];
  if (key in passwordMessages) return passwordMessages[key as keyof typeof passwordMessages][lang];
  if (isMessageKey(key)) return t(lang, key, params);
  return key;
}

/** the bounds a size or length issue names, for its message */
const boundsOf = (issue: z.core.$ZodIssue): Record<string, number> => {
  const out: Record<string, number> = {};
  if ('maximum' in issue && typeof issue.maximum === 'number') out.max = issue.maximum;
  if ('minimum' in issue && typeof issue.minimum === 'number') out.min = issue.minimum;
  return out;
};

export function validate<T>(schema: ZodType<T>, input: unknown, lang: Language, prefix: string): T {
  // PostgreSQL stores neither NUL nor half a UTF-16 surrogate pair (text and jsonb refuse them, or the driver
  // turns them into U+FFFD): one rule for every string and key a route is sent, used or not, named by field
  const badAt = findUnstorable(input, prefix);
  if (badAt) throw new ValidationError({ [badAt]: t(lang, 'invalidCharacters') });
  const parsed = schema.safeParse(input, { error: locales[lang].localeError as never });
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : prefix;
    errors[field] ??= translateMessage(issue.message, lang, boundsOf(issue));
  }
  throw new ValidationError(errors);
}

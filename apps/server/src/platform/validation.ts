// Input validation with zod, messages in the caller's language. A custom message written as "@key"
// names a message of the shared catalogues (field rules, password rules) or the server catalogue.
import { z, type ZodType } from 'zod';
import { fieldRuleMessages, passwordMessages, type Language } from '@jnpf/core';
import { isMessageKey, t } from './i18n.js';
import { ValidationError } from './errors.js';

const locales = { zh: z.locales.zhCN(), zhtw: z.locales.zhTW(), en: z.locales.en() } as const;

/** marks a custom message as a catalogue key, translated at response time */
export const msg = (key: keyof typeof fieldRuleMessages | keyof typeof passwordMessages | string) => `@${key}`;

export function translateMessage(text: string, lang: Language): string {
  if (!text.startsWith('@')) return text;
  const key = text.slice(1);
  if (key in fieldRuleMessages) return fieldRuleMessages[key as keyof typeof fieldRuleMessages][lang];
  if (key in passwordMessages) return passwordMessages[key as keyof typeof passwordMessages][lang];
  if (isMessageKey(key)) return t(lang, key);
  return key;
}

export function validate<T>(schema: ZodType<T>, input: unknown, lang: Language, prefix: string): T {
  const parsed = schema.safeParse(input, { error: locales[lang].localeError as never });
  if (parsed.success) {
    // PostgreSQL cannot store NUL in text: refuse it here, for every route, with the field it came in
    const nulAt = findNul(parsed.data, prefix);
    if (nulAt) throw new ValidationError({ [nulAt]: t(lang, 'invalidCharacters') });
    return parsed.data;
  }
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : prefix;
    errors[field] ??= translateMessage(issue.message, lang);
  }
  throw new ValidationError(errors);
}

/** the path of the first string containing NUL, or null */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object' || depth > 8) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNul(
      inner,
      path === 'body' || path === 'query' || path === 'params' ? key : `${path}.${key}`,
      depth + 1,
    );
    if (found) return found;
  }
  return null;
}

export const LANGUAGES = ['zh', 'zhtw', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks a language from a browser or HTTP language list:
 * anything containing "tw" (or Hant/HK) gives zhtw, else a zh or en match, else the default.
 */
export function pickLanguage(candidates: readonly string[]): Language {
  for (const raw of candidates) {
    const tag = raw.trim().toLowerCase();
    if (!tag) continue;
    if (isLanguage(tag)) return tag;
    if (tag.includes('tw') || tag.includes('hant') || tag.includes('hk')) return 'zhtw';
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/** Parses an Accept-Language header value into tags ordered by quality. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((x) => x.tag)
    .sort((a, b) => b.q - a.q)
    .map((x) => x.tag);
}

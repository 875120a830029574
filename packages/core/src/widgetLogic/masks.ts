// Data masking (§3): the nine mask types an input field may apply to its text. The server applies them to
// list and detail values so a masked value never reaches a browser; the form applies them on display.
// Characters are counted as code points, so a name in Chinese or with an emoji masks per character.

export const MASK_TYPES = {
  custom: 0,
  all: 1,
  name: 2,
  phone: 3,
  email: 4,
  idNumber: 5,
  ip: 6,
  licencePlate: 7,
  bankCard: 8,
} as const;
export type MaskType = (typeof MASK_TYPES)[keyof typeof MASK_TYPES];

/** How a custom mask keeps the start (or, for suffixType, the end) of the text in clear. */
export const MASK_EDGE_TYPES = {
  /** nothing kept */
  none: 1,
  /** the first (last) `limit` characters */
  count: 2,
  /** up to the specified text, that text masked (after it, for the end) */
  beforeChar: 3,
  /** up to and including the specified text (from it, for the end) */
  throughChar: 4,
} as const;

export interface MaskConfig {
  /** the fill text, "*" by default */
  filler: string;
  maskType: number;
  prefixType: number;
  prefixLimit: number;
  prefixSpecifyChar: string;
  suffixType: number;
  suffixLimit: number;
  suffixSpecifyChar: string;
  /** comma-separated texts left in clear inside the masked middle (custom only) */
  ignoreChar: string;
  /** fill each masked run with a fixed length instead of one filler per character (custom only) */
  useUnrealMask: boolean;
  unrealMaskLength: number;
}

export const DEFAULT_MASK_CONFIG: Readonly<MaskConfig> = /* @__PURE__ */ Object.freeze({
  filler: '*',
  maskType: MASK_TYPES.all,
  prefixType: MASK_EDGE_TYPES.none,
  prefixLimit: 0,
  prefixSpecifyChar: '',
  suffixType: MASK_EDGE_TYPES.none,
  suffixLimit: 0,
  suffixSpecifyChar: '',
  ignoreChar: '',
  useUnrealMask: false,
  unrealMaskLength: 1,
});

/** Longest fixed mask run, so a stored config cannot make the server build huge strings. */
export const MASK_MAX_UNREAL_LENGTH = 100;

function count(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(0, Math.trunc(n))) : fallback;
}
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A complete config from a stored one: missing or malformed settings take their defaults. */
export function normalizeMaskConfig(config: unknown): MaskConfig {
  const c = (typeof config === 'object' && config !== null ? config : {}) as Partial<Record<keyof MaskConfig, unknown>>;
  return {
    filler: text(c.filler) || DEFAULT_MASK_CONFIG.filler,
    maskType: count(c.maskType, DEFAULT_MASK_CONFIG.maskType),
    prefixType: count(c.prefixType, DEFAULT_MASK_CONFIG.prefixType),
    prefixLimit: count(c.prefixLimit, 0),
    prefixSpecifyChar: text(c.prefixSpecifyChar),
    suffixType: count(c.suffixType, DEFAULT_MASK_CONFIG.suffixType),
    suffixLimit: count(c.suffixLimit, 0),
    suffixSpecifyChar: text(c.suffixSpecifyChar),
    ignoreChar: text(c.ignoreChar),
    useUnrealMask: c.useUnrealMask === true,
    unrealMaskLength: Math.max(1, count(c.unrealMaskLength, 1, MASK_MAX_UNREAL_LENGTH)),
  };
}

/** What a stored mask config gets wrong; empty when it is usable as designed. */
export type MaskConfigProblem =
  | 'maskType'
  | 'prefixType'
  | 'prefixLimit'
  | 'prefixChar'
  | 'suffixType'
  | 'suffixLimit'
  | 'suffixChar'
  | 'ignoreChar'
  | 'unrealMaskLength';

const EDGE_TYPES: readonly number[] = Object.values(MASK_EDGE_TYPES);
const isCount = (v: unknown, min: number, max: number) =>
  typeof v === 'number'
    ? Number.isInteger(v) && v >= min && v <= max
    : typeof v === 'string' && /^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max;

/**
 * The problems of a design's mask config, as the designer and the server's design check see them: a known mask
 * type; for the custom type, each end's kind known, a kept count of at least 1, a specified text not empty, the
 * ignored texts a text, and a fixed mask length of 1 to MASK_MAX_UNREAL_LENGTH when asked for.
 */
export function maskConfigProblems(config: unknown): MaskConfigProblem[] {
  const c = (typeof config === 'object' && config !== null ? config : {}) as Partial<Record<keyof MaskConfig, unknown>>;
  const problems: MaskConfigProblem[] = [];
  const maskType = c.maskType ?? DEFAULT_MASK_CONFIG.maskType;
  if (!isCount(maskType, 0, 8)) return ['maskType'];
  if (Number(maskType) !== MASK_TYPES.custom) return problems;
  for (const end of ['prefix', 'suffix'] as const) {
    const type = Number(c[`${end}Type`] ?? MASK_EDGE_TYPES.none);
    if (!EDGE_TYPES.includes(type)) problems.push(`${end}Type`);
    else if (type === MASK_EDGE_TYPES.count && !isCount(c[`${end}Limit`], 1, Number.MAX_SAFE_INTEGER))
      problems.push(`${end}Limit`);
    else if (
      (type === MASK_EDGE_TYPES.beforeChar || type === MASK_EDGE_TYPES.throughChar) &&
      !(typeof c[`${end}SpecifyChar`] === 'string' && c[`${end}SpecifyChar`] !== '')
    )
      problems.push(`${end}Char`);
  }
  if (c.ignoreChar !== undefined && c.ignoreChar !== null && typeof c.ignoreChar !== 'string')
    problems.push('ignoreChar');
  if (c.useUnrealMask === true && !isCount(c.unrealMaskLength ?? 1, 1, MASK_MAX_UNREAL_LENGTH))
    problems.push('unrealMaskLength');
  return problems;
}

type Chars = string[];
const keep = (chars: Chars, from: number, to?: number): string => chars.slice(from, to).join('');

// Where a type's rule would leave a short text wholly in clear (a 7-digit phone, a 1-character name), the whole text
// is filled instead: the reference shows such values as they are, which defeats the mask.

/** first `head` and last `tail` characters in clear, the middle filled; text no longer than head+tail is all filled */
function keepEnds(chars: Chars, head: number, tail: number, filler: string): string {
  if (chars.length <= head + tail) return filler.repeat(chars.length);
  return keep(chars, 0, head) + filler.repeat(chars.length - head - tail) + (tail ? keep(chars, -tail) : '');
}

function maskName(chars: Chars, filler: string): string {
  if (chars.length <= 1) return filler.repeat(chars.length);
  if (chars.length === 2) return chars[0]! + filler;
  return keepEnds(chars, 1, 1, filler);
}

function maskEmail(chars: Chars, filler: string): string {
  const at = chars.indexOf('@');
  // a user name of 3 characters or fewer is all filled
  if (at > -1 && at <= 3) return filler.repeat(at) + keep(chars, at);
  if (at < 0 && chars.length <= 3) return filler.repeat(chars.length);
  if (at < 0) return keep(chars, 0, 3) + filler.repeat(chars.length - 3);
  return keep(chars, 0, 3) + filler.repeat(at - 3) + keep(chars, at);
}

/** the ID number shows its first 6 and last 3 characters around a fixed 4 fillers, hiding its true length */
function maskIdNumber(chars: Chars, filler: string): string {
  if (chars.length <= 9) return filler.repeat(chars.length);
  return keep(chars, 0, 6) + filler.repeat(4) + keep(chars, -3);
}

/** a dotted address shows its first segment; anything else (IPv6, a host name) is all filled */
function maskIp(value: string, filler: string): string {
  if (!value.includes('.')) return filler.repeat([...value].length);
  const first = value.split('.')[0] ?? '';
  return first + `.${filler.repeat(3)}`.repeat(3);
}

/** index (in characters) of `needle` in `chars`, or -1 */
function indexOfChars(chars: Chars, needle: Chars, from = 0): number {
  outer: for (let i = from; i + needle.length <= chars.length; i++) {
    for (let j = 0; j < needle.length; j++) if (chars[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function maskCustom(chars: Chars, config: MaskConfig): string {
  const fill = (run: number): string => config.filler.repeat(config.useUnrealMask ? config.unrealMaskLength : run);
  let head = 0;
  let tail = 0;
  if (config.prefixType === MASK_EDGE_TYPES.count) head = config.prefixLimit;
  const prefixMark = [...config.prefixSpecifyChar];
  if (
    (config.prefixType === MASK_EDGE_TYPES.beforeChar || config.prefixType === MASK_EDGE_TYPES.throughChar) &&
    prefixMark.length
  ) {
    const at = indexOfChars(chars, prefixMark);
    if (at > -1) head = config.prefixType === MASK_EDGE_TYPES.beforeChar ? at : at + prefixMark.length;
  }
  if (config.suffixType === MASK_EDGE_TYPES.count) tail = config.suffixLimit;
  const suffixMark = [...config.suffixSpecifyChar];
  if (
    (config.suffixType === MASK_EDGE_TYPES.beforeChar || config.suffixType === MASK_EDGE_TYPES.throughChar) &&
    suffixMark.length
  ) {
    const at = indexOfChars(chars, suffixMark);
    if (at > -1)
      tail =
        config.suffixType === MASK_EDGE_TYPES.beforeChar ? chars.length - at - suffixMark.length : chars.length - at;
  }
  // when the kept ends cover the whole text, all of it is filled (the reference shows it whole, defeating the mask)
  if (head + tail >= chars.length) return fill(chars.length);
  const middle = chars.slice(head, chars.length - tail);
  const visible = config.ignoreChar
    .split(',')
    .filter((t) => t !== '')
    .map((t) => [...t])
    .sort((a, b) => b.length - a.length);
  let out = '';
  let run = 0;
  for (let i = 0; i < middle.length;) {
    const match = visible.find((t) => indexOfChars(middle, t, i) === i);
    if (match) {
      if (run) out += fill(run);
      run = 0;
      out += match.join('');
      i += match.length;
    } else {
      run++;
      i++;
    }
  }
  if (run) out += fill(run);
  return keep(chars, 0, head) + out + (tail ? keep(chars, -tail) : '');
}

/** The text as the mask shows it; '' for an empty value. An unknown mask type fills the whole text. */
export function applyMask(value: string, config: Partial<MaskConfig> | unknown = DEFAULT_MASK_CONFIG): string {
  if (!value) return '';
  const c = normalizeMaskConfig(config);
  const chars = [...value];
  switch (c.maskType) {
    case MASK_TYPES.all:
      return c.filler.repeat(chars.length);
    case MASK_TYPES.name:
      return maskName(chars, c.filler);
    case MASK_TYPES.phone:
      return keepEnds(chars, 3, 4, c.filler);
    case MASK_TYPES.email:
      return maskEmail(chars, c.filler);
    case MASK_TYPES.idNumber:
      return maskIdNumber(chars, c.filler);
    case MASK_TYPES.ip:
      return maskIp(value, c.filler);
    case MASK_TYPES.licencePlate:
      return keepEnds(chars, 1, 2, c.filler);
    case MASK_TYPES.bankCard:
      return keepEnds(chars, 6, 4, c.filler);
    case MASK_TYPES.custom:
      return maskCustom(chars, c);
    default:
      return c.filler.repeat(chars.length);
  }
}

/** Masks any stored value: text and numbers are masked, null and undefined give '', other shapes are JSON-masked. */
export function maskValue(value: unknown, config: Partial<MaskConfig> | unknown): string {
  if (value === null || value === undefined) return '';
  const asText =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
  return applyMask(asText, config);
}

/** A field's mask settings as its config holds them. */
export interface MaskedField {
  useMask?: boolean;
  maskConfig?: Partial<MaskConfig> | null;
}

/** The value as a list or detail may show it: masked text when the field asks for a mask, else unchanged. */
export function maskIfAsked(value: unknown, field: MaskedField): unknown {
  return field.useMask === true ? maskValue(value, field.maskConfig ?? DEFAULT_MASK_CONFIG) : value;
}

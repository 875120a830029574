// The chat's 120 emoji (codes 100 to 219). A message carries an emoji as the token `[e:<code>]`
// so that every client shows the same picture for a code; this module maps each code to a Unicode emoji and
// turns message text back into text and emoji segments. No markup is ever produced from message text.

/** The first and last emoji code. */
export const EMOJI_FIRST_CODE = 100;
export const EMOJI_LAST_CODE = 219;

/** Unicode emoji of the codes 100 … 219, in code order: ten a row, one row per ten codes. */
// prettier-ignore
const EMOJI_CHARACTERS = [
  // 100–119: smiling and happy faces
  '😀', '😃', '😄', '😁', '😆', '😅', '😂', '🤣', '😊', '😇',
  '🙂', '🙃', '😉', '😌', '😍', '🥰', '😘', '😗', '😙', '😚',
  // 120–139: playful, thinking and neutral faces
  '😋', '😛', '😝', '😜', '🤪', '🤨', '🧐', '🤓', '😎', '🤩',
  '🥳', '😏', '😒', '😞', '😔', '😟', '😕', '🙁', '😣', '😖',
  // 140–159: sad, angry and surprised faces
  '😫', '😩', '🥺', '😢', '😭', '😤', '😠', '😡', '🤬', '🤯',
  '😳', '🥵', '🥶', '😱', '😨', '😰', '😥', '😓', '🤗', '🤔',
  // 160–179: more faces
  '🤭', '🤫', '🤥', '😶', '😐', '😑', '😬', '🙄', '😯', '😦',
  '😧', '😮', '😲', '🥱', '😴', '🤤', '😪', '😵', '🤐', '🥴',
  // 180–199: hands and gestures
  '🤢', '🤮', '🤧', '😷', '🤒', '🤕', '👍', '👎', '👌', '✌️',
  '🤞', '🤟', '🤘', '👏', '🙌', '👐', '🤝', '🙏', '💪', '👋',
  // 200–219: hearts, celebrations and things
  '❤️', '💔', '💯', '🔥', '✨', '🎉', '🎂', '🎁', '🌹', '🥀',
  '🌞', '🌙', '⭐', '☕', '🍺', '🍉', '💩', '👻', '💤', '💰',
] as const;

export interface Emoji {
  code: number;
  character: string;
}

/** Every emoji with its code, in code order (120 of them). */
export const EMOJI_LIST: readonly Emoji[] = EMOJI_CHARACTERS.map((character, index) => ({
  code: EMOJI_FIRST_CODE + index,
  character,
}));

const BY_CODE = new Map(EMOJI_LIST.map((emoji) => [emoji.code, emoji.character]));

/** The Unicode emoji of a code, or undefined for a code outside 100 … 219. */
export function emojiOf(code: number): string | undefined {
  return BY_CODE.get(code);
}

/** The token a message carries for an emoji code. */
export function emojiToken(code: number): string {
  return `[e:${code}]`;
}

const TOKEN_PATTERN = /\[e:(\d{3})\]/g;

export type TextSegment = { kind: 'text'; text: string } | { kind: 'emoji'; code: number; character: string };

/** Splits message text into text and emoji; a token of an unknown code stays text. */
export function parseEmojiText(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const code = Number(match[1]);
    const character = emojiOf(code);
    if (!character) continue;
    plain += text.slice(last, match.index);
    if (plain) segments.push({ kind: 'text', text: plain });
    plain = '';
    segments.push({ kind: 'emoji', code, character });
    last = match.index + match[0].length;
  }
  plain += text.slice(last);
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}

/** The text with each emoji token replaced by its Unicode emoji (for one-line previews). */
export function emojiTextToPlain(text: string): string {
  return parseEmojiText(text)
    .map((segment) => (segment.kind === 'text' ? segment.text : segment.character))
    .join('');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The server stores chat text HTML-escaped (as the reference client shows it as HTML); this gives the text
 * back. One pass, so "&amp;lt;" becomes "&lt;" and not "<".
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const point = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isInteger(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

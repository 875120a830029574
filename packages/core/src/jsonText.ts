// Text a database can store, and JSON text parsed with a nesting limit. JSON.parse takes any depth, but
// JSON.stringify, database drivers and every recursive walk overflow the stack on a value nested thousands
// deep; and neither PostgreSQL's text nor its jsonb stores NUL or half a UTF-16 surrogate pair.

/** deeper than any design or setting the platform writes (a layout inside a layout adds three levels) */
export const JSON_MAX_DEPTH = 128;

/** NUL, or a surrogate code unit without its other half */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The path of the first string or key in `value` that cannot be stored, or null. Keys of the top object are
 * named alone when `prefix` is "body", "query" or "params"; iterative, so any depth is fine.
 */
export function findUnstorable(value: unknown, prefix: string): string | null {
  const pending: Array<[unknown, string]> = [[value, prefix]];
  const bare = prefix === 'body' || prefix === 'query' || prefix === 'params';
  while (pending.length) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    const children: Array<[unknown, string]> = [];
    for (const [key, inner] of Object.entries(current)) {
      const at = bare && path === prefix ? key : `${path}.${key}`;
      if (!isStorableText(key)) return at;
      children.push([inner, at]);
    }
    // reversed, so the first field of the input is the one named
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
  }
  return null;
}

/** whether the text nests arrays and objects deeper than `max`, found in one pass without parsing */
export function jsonNestingExceeds(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/**
 * JSON.parse with the nesting limit, also refusing strings that cannot be stored (a JSON text carries them as
 * \u escapes). Throws SyntaxError as JSON.parse does, so a caller's "not valid JSON" answer covers these too.
 */
export function parseJsonText(text: string, maxDepth = JSON_MAX_DEPTH): unknown {
  if (jsonNestingExceeds(text, maxDepth)) throw new SyntaxError(`JSON nested deeper than ${maxDepth} levels`);
  const value: unknown = JSON.parse(text);
  if (findUnstorable(value, 'value')) throw new SyntaxError('JSON holds characters that cannot be stored');
  return value;
}

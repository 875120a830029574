// The validation patterns of a field's regList. Designers write them as the reference does, either as a regular
// expression literal ("/^\d+$/i") or as its bare source ("^\d+$").
const LITERAL = /^\/(.*)\/([dgimsuy]*)$/s;

/** the pattern as a RegExp (without the g and y flags, which would make test() stateful); null when invalid */
export function compilePattern(pattern: unknown): RegExp | null {
  if (typeof pattern !== 'string' || !pattern || pattern.length > 1000) return null;
  const literal = LITERAL.exec(pattern);
  const source = literal ? literal[1]! : pattern;
  const flags = literal ? literal[2]!.replace(/[gy]/g, '') : '';
  try {
    return new RegExp(source, flags);
  } catch {
    return null;
  }
}

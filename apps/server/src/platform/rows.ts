// Turning a table row into what an answer shows: the columns it shows as they are, and the text columns the
// reference answers with '' where the row holds null; and back, an input's optional values as null where absent.

/** these columns of the row, as they are */
export function pick<R extends object, K extends keyof R>(row: R, ...keys: K[]): Pick<R, K> {
  const picked = {} as Pick<R, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}

/** these columns of the row, '' where the row holds null */
export function blankIfNull<R extends object, K extends keyof R>(
  row: R,
  ...keys: K[]
): { [P in K]: NonNullable<R[P]> | '' } {
  const texts = {} as { [P in K]: NonNullable<R[P]> | '' };
  for (const key of keys) texts[key] = row[key] ?? '';
  return texts;
}

/** these fields of an input, null where it has none: what a row stores for an optional value */
export function nullIfAbsent<I extends object, K extends keyof I>(
  input: I,
  ...keys: K[]
): { [P in K]: NonNullable<I[P]> | null } {
  const values = {} as { [P in K]: NonNullable<I[P]> | null };
  for (const key of keys) values[key] = input[key] ?? null;
  return values;
}

// The pictures of the chat emoji: Twemoji (graphics CC-BY 4.0, from the @twemoji/svg package), so that every
// browser shows them, with or without a colour-emoji font. Each is its own small file, fetched when first shown.
// The list names the files of exactly the 120 emoji of emoji.ts (a test keeps the two in step).
const files = import.meta.glob(
  [
    '../../../../../node_modules/@twemoji/svg/{1f600,1f603,1f604,1f601,1f606,1f605,1f602,1f923,1f60a,1f607}.svg',
    '../../../../../node_modules/@twemoji/svg/{1f642,1f643,1f609,1f60c,1f60d,1f970,1f618,1f617,1f619,1f61a}.svg',
    '../../../../../node_modules/@twemoji/svg/{1f60b,1f61b,1f61d,1f61c,1f92a,1f928,1f9d0,1f913,1f60e,1f929}.svg',
    '../../../../../node_modules/@twemoji/svg/{1f973,1f60f,1f612,1f61e,1f614,1f61f,1f615,1f641,1f623,1f616}.svg',
    '../../../../../node_modules/@twemoji/svg/{1f62b,1f629,1f97a,1f622,1f62d,1f624,1f620,1f621,1f92c,1f92f}.svg',
    '../../../../../node_modules/@twemoji/svg/{1f633,1f975,1f976,1f631,1f628,1f630,1f625,1f613,1f917,1f914}.svg',
    '../../../../../node_modules/@twemoji/svg/{1f92d,1f92b,1f925,1f636,1f610,1f611,1f62c,1f644,1f62f,1f626}.svg',
    '../../../../../node_modules/@twemoji/svg/{1f627,1f62e,1f632,1f971,1f634,1f924,1f62a,1f635,1f910,1f974}.svg',
    '../../../../../node_modules/@twemoji/svg/{1f922,1f92e,1f927,1f637,1f912,1f915,1f44d,1f44e,1f44c,270c}.svg',
    '../../../../../node_modules/@twemoji/svg/{1f91e,1f91f,1f918,1f44f,1f64c,1f450,1f91d,1f64f,1f4aa,1f44b}.svg',
    '../../../../../node_modules/@twemoji/svg/{2764,1f494,1f4af,1f525,2728,1f389,1f382,1f381,1f339,1f940}.svg',
    '../../../../../node_modules/@twemoji/svg/{1f31e,1f319,2b50,2615,1f37a,1f349,1f4a9,1f47b,1f4a4,1f4b0}.svg',
  ],
  { query: '?url&no-inline', import: 'default', eager: true },
) as Record<string, string>;

const byName = new Map(Object.entries(files).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1, -4), url]));

/** Twemoji names a picture by its code points in hex, without the variation selector FE0F outside sequences. */
export function twemojiName(character: string): string {
  const points = [...character].map((c) => c.codePointAt(0)!.toString(16));
  return (points.includes('200d') ? points : points.filter((p) => p !== 'fe0f')).join('-');
}

/** The address of an emoji picture, or undefined for a character that has none here. */
export function emojiImageUrl(character: string): string | undefined {
  return byName.get(twemojiName(character));
}

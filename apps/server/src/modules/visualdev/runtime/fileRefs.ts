// The stored files a record's rich text names by their address /api/file/Image/<store>/<name> (a picture pasted
// or uploaded into an editor field). Apart from embedded.ts so that the widget registry (values.ts) can use it.

/** the stores whose files online-form records hold (file fields and embedded pictures) */
export const RECORD_FILE_STORES = ['annex', 'annexpic'] as const;

export interface FileRef {
  store: string;
  name: string;
}

/** the address a record's HTML names a stored file by */
export const embeddedPath = (store: string, name: string) => `/api/file/Image/${store}/${name}`;

const EMBEDDED = new RegExp(
  `/api/file/Image/(${RECORD_FILE_STORES.join('|')})/([0-9]{8}_[0-9A-Za-z]{1,40}\\.[a-z0-9]{1,10})`,
  'g',
);

/** the stored files a rich text names, each once */
export function embeddedFiles(html: unknown): FileRef[] {
  if (typeof html !== 'string' || !html.includes('/api/file/Image/')) return [];
  const refs = new Map<string, FileRef>();
  for (const match of html.matchAll(EMBEDDED))
    refs.set(`${match[1]}/${match[2]}`, { store: match[1]!, name: match[2]! });
  return [...refs.values()];
}

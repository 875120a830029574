// The online-development tests: the file's admin server with the first design category (webDesign), and the
// messages by field of a refused record.
import { beforeAll } from 'vitest';
import { dictionaryItems } from '../../src/modules/dictionary/byCode.js';
import { ctx, useAdminServer } from './adminServer.js';

/** the first webDesign category once useDesignServer's hooks ran; a live binding: read it inside tests and hooks */
export let categoryId: string;

/** useAdminServer(), then the first design category in categoryId */
export function useDesignServer() {
  useAdminServer();
  beforeAll(async () => {
    categoryId = (await dictionaryItems(ctx().db, 'webDesign'))[0]!.id;
  });
}

/** the messages by field of a refused record (401) */
export const errorsOf = (body: { data?: unknown }) => (body.data as { errors: Record<string, string> }).errors;

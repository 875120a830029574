// Route pieces the dictionary screens share with the other screens built like them (number rules, online
// development): one record by its id, and the export and import of a record as a JSON file.
import type { Language } from '@jnpf/core';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { AuditActor } from '../../platform/audit.js';
import type { MessageKey } from '../../platform/i18n.js';
import { actorOf } from '../../platform/request.js';
import type { AppContext } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import { ok } from '../../platform/result.js';
import { route, type Permission } from '../../platform/route.js';
import { offerDownload, readUpload, safeFileName } from '../../platform/transfers.js';
import { m } from './messages.js';

/** GET one record by the route's {id}: `answer` of the row, or "notFound" */
export function infoRoute<R>(spec: {
  url: string;
  permission: Permission;
  summary: string;
  params: ZodType<{ id: string }>;
  find: (db: Db, id: string) => Promise<R | undefined>;
  answer: (row: R) => unknown;
}) {
  return route({
    method: 'GET',
    url: spec.url,
    permission: spec.permission,
    summary: spec.summary,
    params: spec.params,
    async handler({ app, params }) {
      const row = await spec.find(app.db, params.id);
      if (!row) throw refuse('notFound');
      return ok(spec.answer(row));
    },
  });
}

/** offers `doc` as the file "<name>_<code><extension>" to download; answers {name, url} */
const offerExport = (
  app: AppContext,
  userId: string,
  record: { fullName: string; enCode: string },
  extension: string,
  doc: unknown,
) =>
  offerDownload(
    app,
    userId,
    `${safeFileName(`${record.fullName}_${record.enCode}`)}${extension}`,
    JSON.stringify(doc, null, 2),
  );

/**
 * reads an import upload: its file (refused when missing or larger than `size`) and the duplicate handling of
 * the field "type", 0 skip (the default) or 1 append a copy
 */
async function readImport(req: FastifyRequest, maxBytes: number, size: string) {
  const upload = await readUpload(req, maxBytes, { key: m.importTooLarge, params: { size } });
  if (!upload.file) throw refuse(m.importNoFile);
  const mode = upload.fields.type ?? '0';
  if (mode !== '0' && mode !== '1') throw refuse(m.importTypeInvalid);
  return { file: upload.file, mode: mode === '1' ? (1 as const) : (0 as const) };
}

/** GET <url>: the record of the route's {id} (or "notFound") as the file "<name>_<code><extension>"; answers {name, url} */
export function exportRoute<R extends { fullName: string; enCode: string }>(spec: {
  url: string;
  permission: Permission;
  summary: string;
  params: ZodType<{ id: string }>;
  find: (db: Db, id: string) => Promise<R | undefined>;
  extension: string;
  /** what the file holds */
  document: (db: Db, row: R) => Promise<unknown>;
}) {
  return route({
    method: 'GET',
    url: spec.url,
    permission: spec.permission,
    summary: spec.summary,
    params: spec.params,
    async handler({ app, params, principal }) {
      const row = await spec.find(app.db, params.id);
      if (!row) throw refuse('notFound');
      return ok(await offerExport(app, principal.userId, row, spec.extension, await spec.document(app.db, row)));
    },
  });
}

/**
 * POST <url>: an uploaded file (at most `maxBytes`, said as `size`) read by `parse` and written by `write` in one
 * transaction, with the duplicate handling the upload asks for; answers the write's result with `message`
 */
export function importRoute<D, T>(spec: {
  url: string;
  permission: Permission;
  summary: string;
  maxBytes: number;
  size: string;
  parse: (fileName: string, bytes: Buffer, lang: Language) => D;
  /** `isAdministrator`: the caller's, for imports whose contents only administrators may hold */
  write: (tx: Tx, actor: AuditActor, doc: D, mode: 0 | 1, lang: Language, isAdministrator: boolean) => Promise<T>;
  /** after the write has committed (caches to drop) */
  committed?: (app: AppContext) => Promise<void>;
  message: (result: T) => MessageKey;
}) {
  return route({
    method: 'POST',
    url: spec.url,
    permission: spec.permission,
    summary: spec.summary,
    async handler({ app, req, lang, principal }) {
      const { file, mode } = await readImport(req, spec.maxBytes, spec.size);
      const doc = spec.parse(file.name, file.bytes, lang);
      const result = await app.db.transaction((tx) =>
        spec.write(tx, actorOf(req), doc, mode, lang, principal.isAdministrator),
      );
      await spec.committed?.(app);
      return ok(result, spec.message(result));
    },
  });
}

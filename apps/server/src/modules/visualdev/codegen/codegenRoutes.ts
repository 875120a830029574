// 代码生成 of the function-design screen (the reference's /api/visualdev/Generater): the code of a design as a module
// of this repository, previewed file by file or offered as a zip. Both need the design menu, as reading a design does.
//   POST /api/visualdev/Generater/{id}/Actions/CodePreview  body {module?} -> {list: [{id, fileName (folder),
//        children: [{id, fileName, fileContent}]}]}
//   POST /api/visualdev/Generater/{id}/Actions/DownloadCode body {module?} -> {name, url} (a zip)
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import archiver from 'archiver';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { refuse } from '../../../platform/errors.js';
import { idOrCodeText } from '../../../platform/fields.js';
import { ok } from '../../../platform/result.js';
import { route } from '../../../platform/route.js';
import { offerDownload } from '../../../platform/transfers.js';
import { msg } from '../../../platform/validation.js';
import { designById } from '../design/designs.js';
import { DESIGN_MENU } from '../menus.js';
import { m } from '../messages.js';
import { CodegenRefusal, generateCode, namesOf, type GeneratedFile, type Generated } from './generate.js';
import { formatted } from './format.js';
import { PLATFORM_MODULES } from './taken.js';

const BASE = '/api/visualdev/Generater';

const REFUSALS: Record<CodegenRefusal['reason'], string> = {
  moduleNameInvalid: m.codegenModuleNameInvalid,
  moduleTaken: m.codegenModuleTaken,
  tableTaken: m.codegenTableTaken,
  formInvalid: m.codegenFormInvalid,
  fieldInvalid: m.codegenFieldInvalid,
  noFields: m.codegenNoFields,
};

const params = z.object({ id: idOrCodeText });
/** the module name to generate (the design's code by default); the reference's DownloadCodeForm also names it `module` */
const body = z
  .object({
    module: z
      .string({ error: msg(m.codegenModuleInvalid) })
      .trim()
      .max(40, msg(m.codegenModuleInvalid))
      .regex(/^([A-Za-z][A-Za-z0-9]*)?$/, msg(m.codegenModuleInvalid))
      .nullish(),
  })
  .nullish()
  .transform((v) => v ?? {});

async function tableExists(db: Db, name: string): Promise<boolean> {
  const result = (await db.execute(sql`select to_regclass(${name}) is not null as taken`)) as unknown as {
    rows: { taken: boolean }[];
  };
  return result.rows[0]?.taken === true;
}

/** the code of the design, refused in the caller's language when the design cannot be generated or names collide */
async function generated(req: FastifyRequest, db: Db, id: string, moduleName: string | undefined): Promise<Generated> {
  const design = await designById(db, id);
  if (!design) throw refuse('notFound');
  const input = {
    fullName: design.fullName,
    enCode: design.enCode,
    formData: design.formData,
    columnData: design.columnData,
  };
  try {
    const names = namesOf(input, moduleName);
    const taken = new Set(PLATFORM_MODULES);
    // a generated module already installed answers its list
    if (req.server.hasRoute({ method: 'GET', url: names.apiBase })) taken.add(names.module);
    const tables = new Set<string>();
    if (await tableExists(db, names.table)) tables.add(names.table);
    const code = generateCode(input, { modules: taken, tables }, moduleName);
    return { ...code, files: await formatted(code.files) };
  } catch (err) {
    if (err instanceof CodegenRefusal) throw refuse(REFUSALS[err.reason], err.params);
    throw err;
  }
}

/** the files by folder, as the reference's code preview shows them */
function byFolder(files: readonly GeneratedFile[]) {
  const folders = new Map<string, { id: string; fileName: string; fileContent: string }[]>();
  files.forEach((file, index) => {
    const slash = file.path.lastIndexOf('/');
    const folder = slash < 0 ? '' : file.path.slice(0, slash);
    const list = folders.get(folder) ?? [];
    list.push({ id: `f${index}`, fileName: file.path.slice(slash + 1), fileContent: file.content });
    folders.set(folder, list);
  });
  return [...folders].map(([folder, children], index) => ({ id: `d${index}`, fileName: folder || '/', children }));
}

/** the files as one zip, in memory (a module's code is some tens of kilobytes) */
async function zipOf(files: readonly GeneratedFile[]): Promise<Buffer> {
  const zip = archiver('zip', { zlib: { level: 6 } });
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  zip.pipe(out);
  for (const file of files) zip.append(file.content, { name: file.path });
  await zip.finalize();
  if (!out.readableEnded) await once(out, 'end');
  return Buffer.concat(chunks);
}

export const codegenRoutes = [
  route({
    method: 'POST',
    url: `${BASE}/:id/Actions/CodePreview`,
    permission: { module: DESIGN_MENU },
    summary:
      'The code generated from a design (a server module and a web page folder of this repository), by folder: {list: [{id, fileName, children: [{id, fileName, fileContent}]}]}; body {module?} names the module',
    params,
    body,
    async handler({ app, req, params, body }) {
      const code = await generated(req, app.db, params.id, body.module || undefined);
      return ok({ list: byFolder(code.files), module: code.names.module });
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/:id/Actions/DownloadCode`,
    permission: { module: DESIGN_MENU },
    summary:
      'The code generated from a design as a zip to unpack over the repository (server module, web page folder, CODEGEN-<module>.md); {name, url}; body {module?}',
    params,
    body,
    async handler({ app, req, params, body, principal }) {
      const code = await generated(req, app.db, params.id, body.module || undefined);
      return ok(await offerDownload(app, principal.userId, `${code.names.module}.zip`, await zipOf(code.files)));
    },
  }),
];

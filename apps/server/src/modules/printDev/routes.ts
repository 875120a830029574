// /api/system/printDev: print templates (打印模板) — the screen's calls behind its menu and buttons, the field
// tree for the designer (Fields), and the print data of records (Data, BatchData) for printing from any page;
// /api/system/printLog: who printed what with a template, and how many.
import { and, asc, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { parsePrintPage, printDocument, type Language } from '@jnpf/core';
import { z } from 'zod';
import { printLog, printTemplate } from '../../db/schema/index.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import { idParams } from '../../platform/fields.js';
import { newId } from '../../platform/ids.js';
import { containsPattern, offsetOf, pageOfRows, pageQuery } from '../../platform/paging.js';
import { actorOf, clientGone } from '../../platform/request.js';
import { removeRoute } from '../../platform/recordRoutes.js';
import { ok, page } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { offerDownload } from '../../platform/transfers.js';
import { msg } from '../../platform/validation.js';
import { creatorNames } from '../dataInterface/index.js';
import {
  dictionaryItems,
  dictionaryMessages as dm,
  exportRoute,
  importRoute,
  infoRoute,
  readExchangeFile,
} from '../dictionary/index.js';
import { PRINT_DEV_TYPE, PRINT_MENU } from './menus.js';
import { m } from './messages.js';
import { PDF_PICTURE_BASE, pdfRendererOf, type PdfPicture } from './pdf.js';
import { BATCH_MAX, keepsTemplates, printable, printDataOf, printFieldTree, sqlFieldTree } from './printData.js';
import {
  BPD_EXTENSION,
  BPD_FORMAT,
  BPD_MAX_BYTES,
  BPD_VERSION,
  bpdDocument,
  copyTemplate,
  createTemplate,
  deleteTemplate,
  exportDocument,
  importDocument,
  templateBody,
  templateById,
  templateInfo,
  toggleTemplate,
  updateTemplate,
} from './templates.js';

const BASE = '/api/system/printDev';
const LOG = '/api/system/printLog';
const read = { module: PRINT_MENU };
const withButton = (button: 'btn_add' | 'btn_edit' | 'btn_remove' | 'btn_copy' | 'btn_export' | 'btn_import') => ({
  module: PRINT_MENU,
  button,
});

/** "id1,id2" → the ids in the order given, repeats kept (one page each); empty parts dropped */
const splitIds = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
/** the records of a batch as a query ("id1,id2"); how many is checked after, with its own message */
const recordIds = z.string().max(200_000).transform(splitIds);
/** the records of a batch as a body: "id1,id2" or ["id1", "id2"] */
const recordIdsBody = z
  .union([z.string().max(2_000_000), z.array(z.string().max(64)).max(100_000)])
  .transform((v) => (typeof v === 'string' ? splitIds(v) : v.map((s) => s.trim()).filter(Boolean)));
/** the menu the printing page runs under (its data permissions, form and column permissions apply) */
const menuIdField = z.string().trim().max(64).default('');

/** a batch of an online form's records from a list needs its 批量打印 button (the template screen's keepers preview) */
const BATCH_BUTTON = 'btn_batchPrint' as const;

async function batchData(
  ctx: { app: AppContext; principal: Principal; lang: Language },
  templateId: string,
  ids: string[],
  menuId: string,
) {
  if (ids.length > BATCH_MAX) throw refuse(m.batchTooLarge, { max: BATCH_MAX });
  const { app, principal, lang } = ctx;
  const template = await printable(app, principal, templateId);
  const button = (await keepsTemplates(app, principal)) ? undefined : BATCH_BUTTON;
  return printDataOf(app, principal, template, ids, lang, { menuId: menuId || undefined, button });
}

/**
 * PDF bodies refused at their input (unreadable, too large, invalid) a user may send a minute: well above what
 * a person correcting a download sends, and beside the 20 accepted ones, not out of them
 */
const PDF_REFUSED_MAX = 60;

/** the longest printed page or picture a PDF is made of, in characters; PDF_BODY_LIMIT bounds them all */
const PDF_PAGE_MAX = 20 * 1024 * 1024;

/** a picture a page names by address, as inline data (the server's browser fetches nothing) */
const pdfPicture = z.object({
  /** the img src as the pages write it */
  src: z.string().min(1).max(2000),
  data: z
    .string()
    .max(PDF_PAGE_MAX)
    .regex(/^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/]*={0,2}$/),
});

/** an img element's src (the pages are the preview's own markup, double-quoted attributes) */
const IMG_SRC = /(<img\b[^>]*?\bsrc=")([^"]+)(")/gi;

/**
 * the pages with each picture they name by address pointed at the renderer's own address for it, and the
 * pictures by those addresses: the browser is handed each picture once, however many pages show it (inlined
 * on every page, a letterhead made a 100-page batch's document tens of MB and its layout several times slower)
 */
function withPictures(
  pages: readonly string[],
  pictures: readonly { src: string; data: string }[],
): { pages: string[]; pictures: Map<string, PdfPicture> } {
  const served = new Map<string, PdfPicture>();
  const addressOf = new Map<string, string>();
  pictures.forEach((p, i) => {
    const [, contentType, base64] = /^data:(image\/[\w.+-]+);base64,(.*)$/.exec(p.data)!;
    const address = `${PDF_PICTURE_BASE}${i}`;
    served.set(address, { contentType: contentType!, body: Buffer.from(base64!, 'base64') });
    addressOf.set(p.src, address);
  });
  if (!served.size) return { pages: [...pages], pictures: served };
  const pointed = pages.map((html) =>
    html.replace(IMG_SRC, (whole, start: string, src: string, end: string) => {
      const address = addressOf.get(src);
      return address === undefined ? whole : `${start}${address}${end}`;
    }),
  );
  return { pages: pointed, pictures: served };
}

/**
 * what a PDF is made of: the print preview's pages (one per record) with the pictures they name, each once,
 * and the template's page settings. The server puts them into the printed document itself, with the preview's
 * style sheet, so only a print document is ever laid out; anything else is refused here, before a browser is
 * started.
 */
const pdfBody = z.object({
  pages: z
    .array(
      z
        .string()
        .min(1, { error: msg(m.pdfPagesRequired) })
        .max(PDF_PAGE_MAX),
      {
        error: msg(m.pdfPagesRequired),
      },
    )
    .min(1, { error: msg(m.pdfPagesRequired) })
    .max(BATCH_MAX, { error: msg(m.pdfTooManyPages) }),
  /** each picture the pages name by address, once: a letterhead on every page of a batch is sent once */
  pictures: z.array(pdfPicture).max(200).default([]),
  /** the template's page settings (JSON text, as printDev/Data answers them) */
  pageParam: z.string().max(2000).default(''),
  title: z.string().trim().max(200).default(''),
  fileName: z.string().trim().max(200).default(''),
});

export const printDevRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: read,
    summary: 'Print templates, paged (keyword over name and code, category (printDev item enCode), enabledMark)',
    query: pageQuery.extend({
      category: z.string().trim().max(64).default(''),
      enabledMark: z.union([z.literal(''), z.coerce.number().int().min(0).max(1)]).default(''),
      type: z.union([z.literal(''), z.coerce.number().int().min(1).max(2)]).default(''),
    }),
    async handler({ app, query, lang }) {
      const conditions: (SQL | undefined)[] = [];
      if (query.keyword) {
        const like = containsPattern(query.keyword);
        conditions.push(or(ilike(printTemplate.fullName, like), ilike(printTemplate.enCode, like)));
      }
      if (query.category) conditions.push(eq(printTemplate.category, query.category));
      if (query.enabledMark !== '') conditions.push(eq(printTemplate.enabledMark, query.enabledMark));
      if (query.type !== '') conditions.push(eq(printTemplate.type, query.type));
      const { rows, pagination } = await pageOfRows(app.db, printTemplate, and(...conditions), query);
      const [names, categories] = await Promise.all([
        creatorNames(app.db, [...rows.map((r) => r.creatorUserId), ...rows.map((r) => r.lastModifyUserId)]),
        dictionaryItems(app.db, PRINT_DEV_TYPE, lang),
      ]);
      const categoryName = new Map(categories.map((c) => [c.enCode, c.fullName]));
      return page(
        rows.map((r) => ({
          id: r.id,
          fullName: r.fullName,
          enCode: r.enCode,
          category: categoryName.get(r.category) ?? r.category,
          categoryId: r.category,
          type: r.type,
          sourceType: r.sourceType,
          enabledMark: r.enabledMark,
          sortCode: r.sortCode,
          creatorUser: names.get(r.creatorUserId ?? '') ?? '',
          creatorTime: r.creatorTime,
          lastModifyUser: names.get(r.lastModifyUserId ?? '') ?? '',
          lastModifyTime: r.lastModifyTime,
        })),
        pagination,
      );
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Selector`,
    permission: 'signedIn',
    summary:
      'Enabled templates under their printDev categories: {list: [{id, fullName, num, children: [{id, fullName, …}]}]}; type 1|2 the form type',
    query: z.object({ type: z.union([z.literal(''), z.coerce.number().int().min(1).max(2)]).default('') }),
    async handler({ app, query, lang }) {
      const conditions: SQL[] = [eq(printTemplate.enabledMark, 1)];
      if (query.type !== '') conditions.push(eq(printTemplate.type, query.type));
      const [categories, rows] = await Promise.all([
        dictionaryItems(app.db, PRINT_DEV_TYPE, lang),
        app.db
          .select()
          .from(printTemplate)
          .where(and(...conditions))
          .orderBy(asc(printTemplate.sortCode), desc(printTemplate.creatorTime)),
      ]);
      const list = categories
        .map((c) => {
          const children = rows
            .filter((r) => r.category === c.enCode)
            .map((r) => ({
              id: r.id,
              parentId: c.id,
              fullName: r.fullName,
              enCode: r.enCode,
              type: r.type,
              sourceType: r.sourceType,
              formModelId: r.formModelId ?? '',
              hasChildren: false,
              children: [],
            }));
          return {
            id: c.id,
            parentId: '-1',
            fullName: c.fullName,
            enCode: c.enCode,
            num: children.length,
            hasChildren: children.length > 0,
            children,
          };
        })
        .filter((c) => c.num > 0);
      return ok({ list });
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/getListOptions`,
    permission: 'signedIn',
    summary: 'The enabled templates among ids, in the order asked: bare array [{id, fullName}]',
    body: z.object({ ids: z.array(z.string().trim().min(1).max(64)).max(BATCH_MAX).default([]) }),
    async handler({ app, body }) {
      if (!body.ids.length) return ok([]);
      const rows = await app.db
        .select({ id: printTemplate.id, fullName: printTemplate.fullName })
        .from(printTemplate)
        .where(and(inArray(printTemplate.id, body.ids), eq(printTemplate.enabledMark, 1)));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ok(body.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/Fields`,
    permission: read,
    summary:
      'The field tree of a data source: {dbLinkId, sqlTemplate} (SQL queries, @formId null) or {formModelId} (a released online form) → bare array [{id: "headTable"|"T1"…, fullName, children: [{id, parentId, fullName}]}]',
    body: z.object({
      dbLinkId: z.string().trim().max(64).nullish(),
      sqlTemplate: z.string().max(300_000).nullish(),
      formModelId: z.string().trim().max(64).nullish(),
    }),
    async handler({ app, principal, body, lang }) {
      if (body.formModelId) return ok(await printFieldTree(app, body.formModelId, lang));
      if (!body.sqlTemplate?.trim()) throw refuse(m.sqlMainRequired);
      return ok(await sqlFieldTree(app, principal, body.dbLinkId || '0', body.sqlTemplate, lang));
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Data`,
    permission: 'signedIn',
    summary:
      "One record's print data (what the web's print of a single record reads; several go through BatchData): id (template), formId (record), menuId (the page's menu: its data, form and column permissions apply, as in BatchData) → {printData: {main fields…, T1: [...]}, printTemplate, pageParam, operatorRecordList}",
    query: z.object({
      id: z.string().trim().min(1).max(64),
      formId: z.string().trim().max(64).default(''),
      menuId: menuIdField,
    }),
    async handler({ app, principal, query, lang }) {
      const template = await printable(app, principal, query.id);
      if (!query.formId) throw refuse(m.formIdRequired);
      const [data] = await printDataOf(app, principal, template, [query.formId], lang, {
        menuId: query.menuId || undefined,
      });
      return ok(data);
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/BatchData`,
    permission: 'signedIn',
    summary: `The print data of several records: id (template), formId "id1,id2" (at most ${BATCH_MAX}; an id given twice prints twice), menuId (the page's menu) → [same object per record, in order]. An online form's records need the 批量打印 button (btn_batchPrint) on one of its menus`,
    query: z.object({ id: z.string().trim().min(1).max(64), formId: recordIds, menuId: menuIdField }),
    async handler({ app, principal, query, lang }) {
      return ok(await batchData({ app, principal, lang }, query.id, query.formId, query.menuId));
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/BatchData`,
    permission: 'signedIn',
    summary: `BatchData for batches too long for a query string (what the web sends for several records): body {id (template), formId: "id1,id2" | ["id1", "id2"] (at most ${BATCH_MAX}), menuId (the page's menu, optional)} → as GET`,
    body: z.object({ id: z.string().trim().min(1).max(64), formId: recordIdsBody, menuId: menuIdField }),
    async handler({ app, principal, body, lang }) {
      return ok(await batchData({ app, principal, lang }, body.id, body.formId, body.menuId));
    },
  }),
  infoRoute({
    url: `${BASE}/:id`,
    permission: read,
    summary: 'One template with every stored key',
    params: idParams,
    find: templateById,
    answer: templateInfo,
  }),
  route({
    method: 'POST',
    url: BASE,
    permission: withButton('btn_add'),
    summary: 'Create a template (category, SQL queries or the released form, page settings checked)',
    body: templateBody,
    async handler({ app, req, body }) {
      return ok(await createTemplate(app, actorOf(req), body), 'created');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id`,
    permission: withButton('btn_edit'),
    summary: 'Update a template',
    params: idParams,
    body: templateBody,
    async handler({ app, req, params, body }) {
      await updateTemplate(app, actorOf(req), params.id, body);
      return ok(undefined, 'updated');
    },
  }),
  removeRoute({
    base: BASE,
    permission: withButton('btn_remove'),
    summary: 'Delete a template (its print log is kept)',
    params: idParams,
    remove: deleteTemplate,
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id/Actions/State`,
    permission: withButton('btn_edit'),
    summary: 'Enable or disable a template (no body)',
    params: idParams,
    async handler({ app, req, params }) {
      await toggleTemplate(app, actorOf(req), params.id);
      return ok(undefined, m.stateChanged);
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/:id/Actions/Copy`,
    permission: withButton('btn_copy'),
    summary: 'Copy a template, disabled, as "<name>.副本xxxxx"',
    params: idParams,
    async handler({ app, req, params }) {
      return ok(await copyTemplate(app, actorOf(req), params.id), 'copied');
    },
  }),
  exportRoute({
    url: `${BASE}/:id/Actions/Export`,
    permission: withButton('btn_export'),
    summary: 'Export a template as a .bpd file; answers {name, url}',
    params: idParams,
    find: templateById,
    extension: BPD_EXTENSION,
    document: exportDocument,
  }),
  importRoute({
    url: `${BASE}/Actions/Import`,
    permission: withButton('btn_import'),
    summary: 'Import a .bpd file (multipart: file, type 0 skip / 1 append a copy)',
    maxBytes: BPD_MAX_BYTES,
    size: '4MB',
    parse: (fileName, bytes, lang) =>
      readExchangeFile(fileName, bytes, lang, {
        extension: BPD_EXTENSION,
        maxBytes: BPD_MAX_BYTES,
        sizeText: '4MB',
        format: BPD_FORMAT,
        version: BPD_VERSION,
        wrongFormat: m.importWrongFormat,
        schema: bpdDocument,
      }),
    write: (tx, actor, doc, mode) => importDocument(tx, actor, doc, mode),
    message: (result) => (result.snum ? dm.imported : m.importSkipped),
  }),
  // ------------------------------------------------------------------------------------------- print log
  route({
    method: 'POST',
    url: `${LOG}/save`,
    permission: 'signedIn',
    summary: 'Record a print: {printId (template), printTitle, printNum, formId ("id1,id2", optional)}',
    body: z.object({
      printId: z.string().trim().min(1).max(64),
      printTitle: z.string().trim().max(200).nullish(),
      printNum: z.coerce.number().int().min(1).max(100_000).default(1),
      formId: z.string().max(200_000).nullish(),
    }),
    async handler({ app, principal, body }) {
      const template = await templateById(app.db, body.printId);
      if (!template) throw refuse(m.templateMissing);
      await app.db.insert(printLog).values({
        id: newId(),
        printId: template.id,
        printTitle: body.printTitle || template.fullName,
        printNum: body.printNum,
        formIds: body.formId || null,
        creatorTime: Date.now(),
        creatorUserId: principal.userId,
      });
      return ok(undefined, 'saved');
    },
  }),
  route({
    method: 'GET',
    url: `${LOG}/:id`,
    permission: read,
    summary:
      "A template's print log, newest first, paged (keyword over the title): [{id, printTitle, printNum, creatorUser, creatorTime}]",
    params: idParams,
    query: pageQuery,
    async handler({ app, params, query }) {
      const conditions: (SQL | undefined)[] = [eq(printLog.printId, params.id)];
      if (query.keyword) conditions.push(ilike(printLog.printTitle, containsPattern(query.keyword)));
      const where = and(...conditions);
      const [rows, [count]] = await Promise.all([
        app.db
          .select()
          .from(printLog)
          .where(where)
          .orderBy(desc(printLog.creatorTime), desc(printLog.id))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        app.db.$count(printLog, where).then((n) => [n]),
      ]);
      const names = await creatorNames(
        app.db,
        rows.map((r) => r.creatorUserId),
      );
      return page(
        rows.map((r) => ({
          id: r.id,
          printId: r.printId,
          printTitle: r.printTitle ?? '',
          printNum: r.printNum,
          creatorUser: names.get(r.creatorUserId ?? '') ?? '',
          creatorTime: r.creatorTime,
        })),
        { currentPage: query.currentPage, pageSize: query.pageSize, total: count ?? 0 },
      );
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/Pdf`,
    permission: 'signedIn',
    summary: `The printed pages as PDF: {pages: the print preview's pages (at most ${BATCH_MAX}); pictures: [{src: an img src the pages name, data: its data: address}], each once; pageParam: the template's page settings; title, fileName} → a download {name, url}, laid out by the server's local Chromium in the preview's page size (no scripts, no requests; bounded by PDF_TIMEOUT_SECONDS and PDF_PAGE_TIMEOUT_MS a page, at most PDF_TIMEOUT_MAX_SECONDS; one at a time, a few waiting; a call whose client closes the connection leaves the queue, or has its layout stopped). The body may be up to PDF_BODY_LIMIT (32 MB by default, above the server's BODY_LIMIT); 20 accepted calls a minute per user; bodies refused as unreadable, too large or invalid do not count towards those but have a limit of their own, ${PDF_REFUSED_MAX} a minute, past which the user's calls are refused as too many until the minute ends; not in the reference, which prints through the browser only`,
    body: pdfBody,
    // a batch's pages and pictures: a limit of their own (PDF_BODY_LIMIT), above the server's BODY_LIMIT
    bodyLimit: { bytes: (config) => config.pdf.bodyLimit, tooLarge: m.pdfBodyTooLarge },
    // each PDF starts a page in a browser: a few a minute per user; a body refused at its input starts none, so
    // it leaves those alone, but reading it costs too: a looser count of its own stops a flood of them
    rateLimit: {
      max: 20,
      timeWindowMs: 60_000,
      key: (req) => req.principal?.userId ?? req.ip,
      acceptedOnly: true,
      refused: { max: PDF_REFUSED_MAX, timeWindowMs: 60_000 },
    },
    async handler({ app, body, principal, reply }) {
      const { pages, pictures } = withPictures(body.pages, body.pictures);
      const html = printDocument(pages, parsePrintPage(body.pageParam), body.title);
      // a caller who goes away (the dialog closed) leaves the queue, or has its layout stopped: nobody waits
      const pdf = await pdfRendererOf(app).render(html, pictures, pages.length, clientGone(reply));
      // the name's own part kept short enough that the stored name keeps its .pdf
      const name = `${(body.fileName || body.title || 'print').replace(/\.pdf$/i, '').slice(0, 100)}.pdf`;
      return ok(await offerDownload(app, principal.userId, name, pdf));
    },
  }),
];

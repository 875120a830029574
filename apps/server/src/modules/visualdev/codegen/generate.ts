// The code generator: a design (formData, columnData) as a module of this repository's own skeleton (docs/modules.md)
// that a developer drops into the repository and extends by hand: on the server the table, a migration, messages,
// a service, routes with their permissions, a menu seed, the face and an integration test; on the web the page
// folder views/extend/<module>/ (list, form, api.ts, texts.ts). Pure: names already taken are passed in.
import {
  camelCase,
  comment,
  fieldsOf,
  listColumnsOf,
  lit,
  pascalCase,
  snakeCase,
  TS_TYPE,
  type GenContext,
  type GenField,
  type ModuleNames,
} from './fields.js';
import { apiFile, formFile, indexPageFile, pageFile, textsFile } from './webFiles.js';
import { englishLabel, toTraditional } from './zhtw.js';

export type { GenContext, ModuleNames };

export interface CodegenDesign {
  fullName: string;
  enCode: string;
  formData: string | null;
  columnData: string | null;
}

export interface GeneratedFile {
  /** from the repository's root */
  path: string;
  content: string;
}

export interface Generated {
  names: ModuleNames;
  files: GeneratedFile[];
}

/** what keeps a design from being generated; the route answers it in the caller's language */
export class CodegenRefusal extends Error {
  constructor(
    readonly reason: 'moduleNameInvalid' | 'moduleTaken' | 'tableTaken' | 'formInvalid' | 'fieldInvalid' | 'noFields',
    readonly params: Record<string, string> = {},
  ) {
    super(reason);
  }
}

/** names that would shadow JS, the platform or the module registry's own files */
const RESERVED_NAMES: ReadonlySet<string> = new Set([
  'index',
  'default',
  'delete',
  'new',
  'class',
  'function',
  'import',
  'export',
  'extends',
  'return',
  'this',
  'platform',
  'db',
  'test',
  'codegen',
]);

export function namesOf(design: Pick<CodegenDesign, 'enCode'>, moduleName?: string): ModuleNames {
  const module = camelCase(moduleName ?? design.enCode).slice(0, 40);
  if (!module || RESERVED_NAMES.has(module))
    throw new CodegenRefusal('moduleNameInvalid', { name: moduleName ?? design.enCode });
  const pascal = pascalCase(module);
  return {
    module,
    pascal,
    table: `ext_${snakeCase(module)}`,
    menuCode: `extend.${module}`,
    urlAddress: `extend/${module}`,
    apiBase: `/api/extend/${pascal}`,
  };
}

export interface Taken {
  /** the modules of the registry (and any folder of apps/server/src/modules) */
  modules: ReadonlySet<string>;
  /** the tables of the database */
  tables: ReadonlySet<string>;
}

/** the files of the module generated from `design`; refuses (CodegenRefusal) names already taken */
export function generateCode(design: CodegenDesign, taken: Taken, moduleName?: string): Generated {
  const names = namesOf(design, moduleName);
  if (taken.modules.has(names.module) || [...taken.modules].some((m) => m.toLowerCase() === names.module.toLowerCase()))
    throw new CodegenRefusal('moduleTaken', { name: names.module });
  if (taken.tables.has(names.table)) throw new CodegenRefusal('tableTaken', { name: names.table });
  const fields = fieldsOf(design.formData);
  if ('kind' in fields) {
    if (fields.kind === 'formInvalid') throw new CodegenRefusal('formInvalid');
    throw new CodegenRefusal('fieldInvalid', { name: fields.name.slice(0, 60) });
  }
  if (!fields.length) throw new CodegenRefusal('noFields');
  const listed = listColumnsOf(design.columnData, fields);
  const ctx: GenContext = { names, fields, listed, title: design.fullName.slice(0, 100) };
  const server = `apps/server/src/modules/${names.module}`;
  const web = `apps/web/src/views/${names.urlAddress}`;
  return {
    names,
    files: [
      { path: `CODEGEN-${names.module}.md`, content: readme(ctx) },
      { path: `apps/server/src/db/schema/${names.module}.ts`, content: schemaFile(ctx) },
      { path: `${server}/${names.table}.sql`, content: migrationFile(ctx) },
      { path: `${server}/messages.ts`, content: messagesFile(ctx) },
      { path: `${server}/service.ts`, content: serviceFile(ctx) },
      { path: `${server}/routes.ts`, content: routesFile(ctx) },
      { path: `${server}/menus.ts`, content: menusFile(ctx) },
      { path: `${server}/index.ts`, content: faceFile(ctx) },
      { path: `${server}/${names.module}.test.ts`, content: testFile(ctx) },
      { path: `${web}/index.page.tsx`, content: indexPageFile(ctx) },
      { path: `${web}/api.ts`, content: apiFile(ctx) },
      { path: `${web}/texts.ts`, content: textsFile(ctx) },
      { path: `${web}/${names.pascal}Page.tsx`, content: pageFile(ctx) },
      { path: `${web}/${names.pascal}Form.tsx`, content: formFile(ctx) },
    ],
  };
}

const inputFields = (ctx: GenContext) => ctx.fields.filter((f) => !f.system);

// ---- server

const DRIZZLE_COLUMN: Record<GenField['store'], (f: GenField) => string> = {
  text: (f) => `text(${lit(f.column)})`,
  number: (f) => `doublePrecision(${lit(f.column)})`,
  flag: (f) => `integer(${lit(f.column)}).notNull().default(0)`,
  ms: (f) => `ms(${lit(f.column)})`,
  json: (f) => `jsonb(${lit(f.column)}).$type<unknown[]>()`,
};
const SQL_TYPE: Record<GenField['store'], string> = {
  text: 'text',
  number: 'double precision',
  flag: 'integer DEFAULT 0 NOT NULL',
  ms: 'bigint',
  json: 'jsonb',
};
function schemaFile(ctx: GenContext): string {
  const stores = new Set(ctx.fields.map((f) => f.store));
  const pg = ['pgTable', 'text'];
  if (stores.has('number')) pg.push('doublePrecision');
  if (stores.has('flag')) pg.push('integer');
  if (stores.has('json')) pg.push('jsonb');
  const cols = ['auditColumns', 'id', ...(stores.has('ms') ? ['ms'] : []), 'orderedState'];
  return `// ${comment(ctx.title)}: the records of the generated module ${ctx.names.module} (generated from its design).
import { ${pg.sort().join(', ')} } from 'drizzle-orm/pg-core';
import { ${cols.join(', ')} } from './columns.js';

export const ${ctx.names.module}Table = pgTable(${lit(ctx.names.table)}, {
  id: id(),
${ctx.fields.map((f) => `  /** ${comment(f.label)} (${f.kind}) */\n  ${f.prop}: ${DRIZZLE_COLUMN[f.store](f)},`).join('\n')}
  ...orderedState(),
  ...auditColumns(),
});
`;
}

function migrationFile(ctx: GenContext): string {
  const cols = [
    '"id" text PRIMARY KEY NOT NULL',
    ...ctx.fields.map((f) => `"${f.column}" ${SQL_TYPE[f.store]}`),
    '"sort_code" bigint DEFAULT 0 NOT NULL',
    '"enabled_mark" integer DEFAULT 1 NOT NULL',
    '"description" text',
    '"creator_time" bigint NOT NULL',
    '"creator_user_id" text',
    '"last_modify_time" bigint',
    '"last_modify_user_id" text',
    '"version" integer DEFAULT 0 NOT NULL',
  ];
  return `-- The table of ${comment(ctx.names.module)}, as \`npm run db:generate -- --name ${ctx.names.module}\` writes it once the
-- schema file is exported from apps/server/src/db/schema/index.ts. Commit drizzle-kit's migration, not this file.
CREATE TABLE "${ctx.names.table}" (
${cols.map((c) => `\t${c}`).join(',\n')}
);
`;
}

function messagesFile(ctx: GenContext): string {
  const entries: string[] = [];
  for (const f of inputFields(ctx)) {
    const label = f.label;
    const tw = toTraditional(label);
    const en = englishLabel(label, f.prop);
    if (f.required && (f.store === 'text' || f.store === 'json' || f.store === 'ms' || f.store === 'number'))
      entries.push(
        `  ${f.prop}Required: { zh: ${lit(`${label}不能为空`)}, zhtw: ${lit(`${tw}不能為空`)}, en: ${lit(`${en} cannot be empty`)} },`,
      );
    if (f.store === 'number' || f.store === 'ms' || f.options.length)
      entries.push(
        `  ${f.prop}Invalid: { zh: ${lit(`${label}的值无效`)}, zhtw: ${lit(`${tw}的值無效`)}, en: ${lit(`${en}: the value is not valid`)} },`,
      );
  }
  return `// Refusals of ${comment(ctx.title)} in the three languages (the design's labels; in zhtw converted to traditional
// characters, in en the field codes in words where a label is Chinese: review them by hand).
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages(${lit(ctx.names.module)}, {
${entries.join('\n')}
});
`;
}

function serviceFile(ctx: GenContext): string {
  const { names } = ctx;
  const table = `${names.module}Table`;
  const system = ctx.fields.filter((f) => f.system);
  const onCreate = system.filter((f) => ['createUser', 'createTime', 'currOrganize', 'currPosition'].includes(f.kind));
  const onUpdate = system.filter((f) => ['modifyUser', 'modifyTime'].includes(f.kind));
  const systemValue = (f: GenField) => {
    if (f.kind === 'createUser' || f.kind === 'modifyUser') return `actor.userId`;
    if (f.kind === 'createTime' || f.kind === 'modifyTime') return `Date.now()`;
    // the creator's organisation or position, from the user directory as the online form fills them
    return f.kind === 'currOrganize' ? `creator?.user.organizeId || null` : `creator?.user.positionId || null`;
  };
  const needsCreator = onCreate.some((f) => f.kind === 'currOrganize' || f.kind === 'currPosition');
  const creator = needsCreator
    ? `  const creator = actor.userId ? await app.directory.get(actor.userId) : null;\n`
    : '';
  return `// ${comment(ctx.title)}: every write in one transaction with its audit record (generated; extend the rules by hand).
import { ${table} } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { createRow, deleteAudited, toggleEnabled, updateRow } from '../../platform/crud.js';

const MODULE = ${lit(names.module)};

export interface ${names.pascal}Input {
${inputFields(ctx)
  .map((f) => `  /** ${comment(f.label)} (${f.kind}) */\n  ${f.prop}: ${TS_TYPE[f.store]};`)
  .join('\n')}
  enabledMark: number;
  sortCode?: number | null;
  description: string | null;
  version?: number | null;
}

const valuesOf = (input: ${names.pascal}Input) => ({
${inputFields(ctx)
  .map((f) => `  ${f.prop}: input.${f.prop},`)
  .join('\n')}
  enabledMark: input.enabledMark,
  sortCode: input.sortCode ?? 0,
  description: input.description,
});

export async function create${names.pascal}(app: AppContext, actor: AuditActor, input: ${names.pascal}Input) {
${creator}  return createRow(app.db, ${table}, { actor, moduleName: MODULE }, async () => ({
    ...valuesOf(input),
${onCreate.map((f) => `    ${f.prop}: ${systemValue(f)},`).join('\n')}
  }));
}

export async function update${names.pascal}(app: AppContext, actor: AuditActor, id: string, input: ${names.pascal}Input) {
  await updateRow(app.db, ${table}, id, input.version, { actor, moduleName: MODULE }, async () => ({
    ...valuesOf(input),
${onUpdate.map((f) => `    ${f.prop}: ${systemValue(f)},`).join('\n')}
  }));
}

export async function delete${names.pascal}(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction((tx) => deleteAudited(tx, ${table}, id, { actor, moduleName: MODULE }));
}

export async function toggle${names.pascal}(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction((tx) =>
    toggleEnabled(tx, ${table}, id, { actor, moduleName: MODULE, action: 'state' }),
  );
}
`;
}

/** the values a field with static options takes */
const valuesOf = (f: GenField) => `[${f.options.map((o) => lit(o.value)).join(', ')}]`;

function zodOf(f: GenField): string {
  const text = f.required ? `requiredText(m.${f.prop}Required, ${f.max})` : `textField(${f.max})`;
  if (f.options.length && f.store === 'text') return `oneOf(${text}, ${valuesOf(f)}, m.${f.prop}Invalid)`;
  if (f.options.length && f.store === 'json')
    return `someOf(${f.required ? `valueList.pipe(z.array(z.unknown()).min(1, msg(m.${f.prop}Required)))` : 'valueList'}, ${valuesOf(f)}, m.${f.prop}Invalid)`;
  switch (f.store) {
    case 'text':
      return text;
    case 'number':
      return `decimal(${f.min}, ${f.numMax}, m.${f.prop}Invalid${f.required ? `, m.${f.prop}Required` : ''})`;
    case 'flag':
      return 'flag01(0)';
    case 'ms':
      return f.required ? `timeField.pipe(z.number({ error: msg(m.${f.prop}Required) }))` : 'msField';
    case 'json':
      return f.kind === 'table'
        ? 'rowList'
        : f.required
          ? `valueList.pipe(z.array(z.unknown()).min(1, msg(m.${f.prop}Required)))`
          : 'valueList';
  }
}

function routesFile(ctx: GenContext): string {
  const { names } = ctx;
  const table = `${names.module}Table`;
  const stores = new Set(inputFields(ctx).map((f) => f.store));
  const textProps = ctx.fields.filter((f) => f.store === 'text').slice(0, 8);
  const fieldImports = [
    'enabledMarkField',
    'idParams',
    'sortCodeField',
    'textField',
    'versionField',
    ...(stores.has('number') ? ['numeric'] : []),
    ...(stores.has('flag') ? ['flag01'] : []),
    ...(inputFields(ctx).some((f) => f.store === 'ms' && !f.required) ? ['msField'] : []),
    ...(inputFields(ctx).some((f) => f.store === 'ms' && f.required) ? ['timeField'] : []),
    ...(inputFields(ctx).some((f) => f.store === 'text' && f.required) ? ['requiredText'] : []),
  ].sort();
  const bodyLines = inputFields(ctx).map((f) => `  ${f.prop}: ${zodOf(f)},`);
  const usesMessages = bodyLines.some((line) => /\bm\./.test(line));
  const withOptions = inputFields(ctx).filter((f) => f.options.length);
  const needsMsg =
    stores.has('number') ||
    withOptions.length > 0 ||
    inputFields(ctx).some((f) => f.required && (f.store === 'ms' || f.store === 'json'));
  const drizzle = ['and', 'asc', 'count', 'desc', 'eq', ...(textProps.length ? ['ilike', 'or'] : [])];
  const rowOut = ctx.fields.map((f) => `  ${f.prop}: r.${f.prop}${f.store === 'text' ? " ?? ''" : ''},`).join('\n');
  return `// ${names.apiBase}: the calls of ${comment(ctx.title)}, each behind the menu ${names.menuCode} and, for writes, its button.
// Generated from the function design; the rules the designer cannot express are added by hand.
import { STANDARD_BUTTONS } from '@jnpf/core';
import { ${drizzle.join(', ')} } from 'drizzle-orm';
import { z } from 'zod';
import { ${table} } from '../../db/schema/index.js';
import { refuse } from '../../platform/errors.js';
import { ${fieldImports.join(', ')} } from '../../platform/fields.js';
import { containsPattern, offsetOf, pageQuery } from '../../platform/paging.js';
import { recordWriteRoutes } from '../../platform/recordRoutes.js';
import { actorOf } from '../../platform/request.js';
import { ok, page } from '../../platform/result.js';
import { route } from '../../platform/route.js';
${needsMsg ? "import { msg } from '../../platform/validation.js';\n" : ''}import { MENU } from './menus.js';
${usesMessages ? "import { m } from './messages.js';\n" : ''}import { create${names.pascal}, delete${names.pascal}, toggle${names.pascal}, update${names.pascal} } from './service.js';

const BASE = ${lit(names.apiBase)};
/** the buttons the screen checks */
export const BUTTONS = STANDARD_BUTTONS;
${
  stores.has('number')
    ? `
/** a number in range, as a number or a numeric string; '' and null are none */
const decimal = (min: number, max: number, key: string, requiredKey?: string) =>
  z.preprocess(
    numeric,
    requiredKey
      ? z.number({ error: msg(requiredKey) }).min(min, msg(key)).max(max, msg(key))
      : z.number({ error: msg(key) }).min(min, msg(key)).max(max, msg(key)).nullish().transform((v) => v ?? null),
  );
`
    : ''
}
${
  inputFields(ctx).some((f) => f.store === 'json' && f.kind !== 'table')
    ? `/** a list value (ids, paths, files): strings and numbers, kept as JSON */
const valueList = z
  .array(z.union([z.string().max(2000), z.number(), z.array(z.union([z.string().max(2000), z.number()])).max(50)]))
  .max(1000)
  .nullish()
  .transform((v) => v ?? null);
`
    : ''
}${
    withOptions.some((f) => f.store === 'text')
      ? `/** a text that must be one of the field's options (or none) */
const oneOf = <T extends string | null>(field: z.ZodType<T>, values: readonly string[], key: string) =>
  field.refine((v) => v === null || values.includes(v), msg(key));
`
      : ''
  }${
    withOptions.some((f) => f.store === 'json')
      ? `/** a list whose every value is one of the field's options */
const someOf = (field: z.ZodType<unknown[] | null>, values: readonly string[], key: string) =>
  field.refine((v) => v === null || v.every((x) => values.includes(String(x))), msg(key));
`
      : ''
  }${
    inputFields(ctx).some((f) => f.kind === 'table')
      ? `/** a sub-table's rows, kept as JSON: give them columns by hand */
const rowList = z
  .array(z.record(z.string().max(64), z.union([z.string().max(5000), z.number(), z.boolean(), z.null()])))
  .max(1000)
  .nullish()
  .transform((v) => v ?? null);
`
      : ''
  }
const body = z.object({
${bodyLines.join('\n')}
  enabledMark: enabledMarkField,
  sortCode: sortCodeField,
  description: textField(500),
  version: versionField,
});

type Row = typeof ${table}.$inferSelect;
const rowOf = (r: Row) => ({
  id: r.id,
${rowOut}
  enabledMark: r.enabledMark,
  sortCode: r.sortCode,
  description: r.description ?? '',
  creatorTime: r.creatorTime,
});

export const ${names.module}Routes = [
  route({
    method: 'GET',
    url: BASE,
    permission: { module: MENU },
    summary: ${lit(`${comment(ctx.title)}, paged${textProps.length ? ` (keyword matches ${textProps.map((f) => f.prop).join(', ')})` : ''}`)},
    query: pageQuery,
    async handler({ app, query }) {
${
  textProps.length
    ? `      const like = query.keyword ? containsPattern(query.keyword) : undefined;
      const where = and(like ? or(${textProps.map((f) => `ilike(${table}.${f.prop}, like)`).join(', ')}) : undefined);`
    : `      // no text field to search: the keyword is not used (containsPattern is there for what you add)
      void containsPattern;
      const where = and();`
}
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(${table})
          .where(where)
          .orderBy(asc(${table}.sortCode), desc(${table}.creatorTime), asc(${table}.id))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        app.db.select({ n: count() }).from(${table}).where(where),
      ]);
      return page(rows.map(rowOf), { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 });
    },
  }),
  route({
    method: 'POST',
    url: BASE,
    permission: { module: MENU, button: 'btn_add' },
    summary: ${lit(`Create a record of ${comment(ctx.title)}`)},
    body,
    async handler({ app, req, body }) {
      return ok(await create${names.pascal}(app, actorOf(req), body), 'created');
    },
  }),
  route({
    method: 'GET',
    url: \`\${BASE}/:id\`,
    permission: { module: MENU },
    summary: ${lit(`A record of ${comment(ctx.title)}, with the version an update sends back`)},
    params: idParams,
    async handler({ app, params }) {
      const [r] = await app.db.select().from(${table}).where(eq(${table}.id, params.id)).limit(1);
      if (!r) throw refuse('notFound');
      return ok({ ...rowOf(r), version: r.version });
    },
  }),
  ...recordWriteRoutes({
    base: BASE,
    permission: (button) => ({ module: MENU, button }),
    params: idParams,
    body,
    summaries: {
      update: ${lit(`Update a record of ${comment(ctx.title)}`)},
      remove: ${lit(`Delete a record of ${comment(ctx.title)}`)},
      state: ${lit(`Enable or disable a record of ${comment(ctx.title)} (flips enabledMark)`)},
    },
    update: update${names.pascal},
    remove: delete${names.pascal},
    toggle: toggle${names.pascal},
  }),
];
`;
}

function menusFile(ctx: GenContext): string {
  const { names } = ctx;
  return `// The screen of ${comment(ctx.title)} under 在线开发, seeded once. To make it a built-in screen, declare it in
// BUILT_IN_MENUS and BUILT_IN_MENU_NAMES (packages/core) and use BUILT_IN_MENUS.${names.module} here.
import { MENU_DIRECTORY, STANDARD_BUTTONS } from '@jnpf/core';
import { screenMenu } from '../../platform/menus.js';
import { menuSeedMigration } from '../menu/index.js';

export const MENU = ${lit(names.menuCode)};

export const ${names.module}Seed = menuSeedMigration(${lit(`${names.module}.menus`)}, [
  screenMenu({ enCode: MENU, urlAddress: ${lit(names.urlAddress)}, buttons: STANDARD_BUTTONS }, MENU_DIRECTORY.onlineDev, {
    fullName: ${lit(ctx.title)},
    icon: 'icon-ym icon-ym-generator-menu',
    sortCode: 100,
  }),
]);
`;
}

function faceFile(ctx: GenContext): string {
  const { names } = ctx;
  return `// ${comment(ctx.title)} (generated from its function design), with its seeded screen. What other modules may use is
// exported here, and only here.
import type { PlatformModule } from '../../platform/module.js';
import { ${names.module}Seed } from './menus.js';
import { ${names.module}Routes } from './routes.js';

export const ${names.module}Module: PlatformModule = {
  name: ${lit(names.module)},
  routes: ${names.module}Routes,
  dataMigrations: [${names.module}Seed],
};
`;
}

/** a value the generated test sends for a field */
function sampleValue(f: GenField): string {
  switch (f.store) {
    case 'text':
      return f.options[0] ? lit(f.options[0].value) : `unique(${lit(f.prop)})`;
    case 'number':
      return String(Math.max(f.min, Math.min(f.numMax, 1)));
    case 'flag':
      return '1';
    case 'ms':
      return 'Date.UTC(2024, 0, 2)';
    case 'json':
      return f.kind === 'table' ? '[]' : f.options[0] ? `[${lit(f.options[0].value)}]` : "['a']";
  }
}

function testFile(ctx: GenContext): string {
  const { names } = ctx;
  const firstText = inputFields(ctx).find((f) => f.store === 'text' && !f.options.length);
  return `// ${comment(ctx.title)} over HTTP against a real database: the screen's calls and who may call what (generated).
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.js';
import { grantMenus, signedInUser } from '../../../test/kit/access.js';
import { api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { unique } from '../../../test/kit/unique.js';
import { MENU } from './menus.js';

const BASE = ${lit(names.apiBase)};
const body = (fields: Record<string, unknown> = {}) => ({
${inputFields(ctx)
  .map((f) => `  ${f.prop}: ${sampleValue(f)},`)
  .join('\n')}
  ...fields,
});

useAdminServer();

describe(${lit(ctx.title)}, () => {
  it('create, info, list, update, state, delete', async () => {
    const created = await api<string>('POST', BASE, { json: body() });
    expect(created).toMatchObject({ code: 200 });
    const id = created.data!;
    const info = await api<{ id: string; version: number }>('GET', \`\${BASE}/\${id}\`);
    expect(info.data).toMatchObject({ id, enabledMark: 1 });
    const list = await api<{ list: { id: string }[] }>('GET', BASE);
    expect(list.data!.list.map((r) => r.id)).toContain(id);
    const update = body({ ${firstText ? `${firstText.prop}: unique('x'), ` : ''}version: info.data!.version });
    expect((await api('PUT', \`\${BASE}/\${id}\`, { json: update })).code).toBe(200);
    // the version read before the update is stale now
    expect((await api('PUT', \`\${BASE}/\${id}\`, { json: update })).code).toBe(400);
    expect((await api('PUT', \`\${BASE}/\${id}/Actions/State\`)).code).toBe(200);
    expect((await api<{ enabledMark: number }>('GET', \`\${BASE}/\${id}\`)).data!.enabledMark).toBe(0);
    expect((await api('DELETE', \`\${BASE}/\${id}\`)).code).toBe(200);
  });

  it('reads need the menu; each write needs its button', async () => {
    const staff = await signedInUser(server);
    const as = (method: string, path: string, json?: unknown) =>
      call(server, method, path, { token: staff.token, ...(json ? { json } : {}) });
    expect((await as('GET', BASE)).code).toBe(400);
    await grantMenus(ctx(), staff.id, { [MENU]: [] });
    expect((await as('GET', BASE)).code).toBe(200);
    expect((await as('POST', BASE, body())).code).toBe(400);
    await grantMenus(ctx(), staff.id, { [MENU]: ['btn_add'] });
    expect((await as('POST', BASE, body())).code).toBe(200);
  });
});
`;
}

function readme(ctx: GenContext): string {
  const { names } = ctx;
  return `# ${comment(ctx.title)}: generated module \`${names.module}\`

Generated from the function design; the files follow docs/modules.md. To take it into the repository:

1. Copy the folders over the repository's root.
2. Export the table: add \`export * from './${names.module}.js';\` to \`apps/server/src/db/schema/index.ts\`, then
   \`npm run db:generate -- --name ${names.module}\` (\`${names.table}.sql\` shows what it should write; delete it after).
3. Register the module: import \`${names.module}Module\` from \`'./${names.module}/index.js'\` in
   \`apps/server/src/modules/index.ts\` and add it to \`modules\`.
4. To make the screen a built-in one, declare \`${names.menuCode}\` in \`BUILT_IN_MENUS\` and its names in
   \`BUILT_IN_MENU_NAMES\` (packages/core), then read the code from there in \`menus.ts\`.
5. \`npm run format\`, \`npm run typecheck\`, and the module's test:
   \`npx vitest run --project server apps/server/src/modules/${names.module}\`.

What the designer could not express is left to be written by hand; the generated code says where
(widgets without a plain control are text or tag inputs marked so in \`${names.pascal}Form.tsx\`).

| field | widget | column | kept as |
|---|---|---|---|
${ctx.fields.map((f) => `| ${comment(f.label).replace(/\|/g, '/')} | ${f.kind} | ${f.column} | ${f.store} |`).join('\n')}
`;
}

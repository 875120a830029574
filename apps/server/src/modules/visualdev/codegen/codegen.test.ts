// 代码生成: the generator on its own (every widget kind, names, refusals, hostile labels), and CodePreview and
// DownloadCode over HTTP against a real database with their refusals (unknown design, no permission, names that
// collide with a module or a table, hostile input).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INPUT_KEYS, SYSTEM_KEYS } from '@jnpf/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { unique } from '../../../../test/kit/unique.js';
import { designBody } from '../../../../test/kit/visualdev.js';
import { modules } from '../../index.js';
import { fieldsOf } from './fields.js';
import { everyWidgetDesign } from '../../../../test/kit/codegen.js';
import { CodegenRefusal, generateCode } from './generate.js';
import { PRETTIER_OPTIONS } from './format.js';
import { PLATFORM_MODULES } from './taken.js';

const none = { modules: new Set<string>(), tables: new Set<string>() };
const refusalOf = (work: () => unknown) => {
  try {
    work();
  } catch (err) {
    if (err instanceof CodegenRefusal) return { reason: err.reason, params: err.params };
    throw err;
  }
  return null;
};

describe('the code generator', () => {
  it("formats with the repository's own Prettier options", () => {
    const root = fileURLToPath(new URL('../../../../../../', import.meta.url));
    expect(JSON.parse(readFileSync(path.join(root, '.prettierrc.json'), 'utf8'))).toEqual(PRETTIER_OPTIONS);
  });

  it('keeps every value widget kind as a column and gives each a control', () => {
    const design = everyWidgetDesign();
    const fields = fieldsOf(design.formData);
    if ('kind' in fields) throw new Error('fixture not generated');
    const kinds = new Set(fields.map((f) => f.kind));
    for (const key of [...INPUT_KEYS, 'table', ...SYSTEM_KEYS]) expect(kinds, key).toContain(key);
    const { files, names } = generateCode(design, none);
    expect(names).toMatchObject({
      module: 'codegenSample',
      table: 'ext_codegen_sample',
      apiBase: '/api/extend/CodegenSample',
      urlAddress: 'extend/codegenSample',
    });
    expect(files.map((f) => f.path)).toEqual([
      'CODEGEN-codegenSample.md',
      'apps/server/src/db/schema/codegenSample.ts',
      'apps/server/src/modules/codegenSample/ext_codegen_sample.sql',
      'apps/server/src/modules/codegenSample/messages.ts',
      'apps/server/src/modules/codegenSample/service.ts',
      'apps/server/src/modules/codegenSample/routes.ts',
      'apps/server/src/modules/codegenSample/menus.ts',
      'apps/server/src/modules/codegenSample/index.ts',
      'apps/server/src/modules/codegenSample/codegenSample.test.ts',
      'apps/web/src/views/extend/codegenSample/index.page.tsx',
      'apps/web/src/views/extend/codegenSample/api.ts',
      'apps/web/src/views/extend/codegenSample/texts.ts',
      'apps/web/src/views/extend/codegenSample/CodegenSamplePage.tsx',
      'apps/web/src/views/extend/codegenSample/CodegenSampleForm.tsx',
    ]);
    const file = (end: string) => files.find((f) => f.path.endsWith(end))!.content;
    // every field is a column of the table and of the migration, and a control of the form (the sub-table a note)
    for (const f of fields) {
      expect(file('schema/codegenSample.ts')).toContain(`  ${f.prop}: `);
      expect(file('.sql')).toContain(`"${f.column}" `);
      if (f.kind !== 'table') expect(file('Form.tsx')).toContain(`name=${JSON.stringify(f.prop)}`);
    }
    // a field named like a shared column is renamed; the shared columns stay
    expect(fields.find((f) => f.name === 'description')?.prop).toBe('descriptionField');
    // the kinds of storage
    expect(file('.sql')).toContain('"w_input_number" double precision');
    expect(file('.sql')).toContain('"w_switch" integer DEFAULT 0 NOT NULL');
    expect(file('.sql')).toContain('"w_date_picker" bigint');
    expect(file('.sql')).toContain('"w_checkbox" jsonb');
    expect(file('.sql')).toContain('"w_many" jsonb');
    expect(file('.sql')).toContain('"w_user_select" text');
    // the routes declare their permissions; texts come in three languages
    expect(file('routes.ts')).toContain("permission: { module: MENU, button: 'btn_add' }");
    expect(file('menus.ts')).toContain('export const MENU = "extend.codegenSample"');
    expect(file('texts.ts')).toMatch(/zh: \{[\s\S]*zhtw: \{[\s\S]*en: \{/);
    // widgets without a plain control are marked for hand work
    expect(file('Form.tsx')).toContain("{/* usersSelect: a list of values; replace by the kit's picker by hand */}");
  });

  it('labels zhtw in traditional characters and en by the field code where the label is Chinese', () => {
    const design = {
      fullName: '订单登记',
      enCode: 'orderBook',
      formData: JSON.stringify({
        fields: [
          { __config__: { jnpfKey: 'input', label: '订单编号', required: true }, __vModel__: 'orderNo' },
          { __config__: { jnpfKey: 'inputNumber', label: '复制数量' }, __vModel__: 'copy_count' },
          { __config__: { jnpfKey: 'input', label: 'Remark' }, __vModel__: 'note' },
        ],
      }),
      columnData: null,
    };
    const { files } = generateCode(design, none);
    const file = (end: string) => files.find((f) => f.path.endsWith(end))!.content;
    const block = (lang: string) => file('texts.ts').split(`  ${lang}: {`)[1]!.split('\n  },')[0]!;
    expect(block('zh')).toContain('orderNoLabel: "订单编号"');
    expect(block('zhtw')).toContain('title: "訂單登記"');
    expect(block('zhtw')).toContain('orderNoLabel: "訂單編號"');
    expect(block('zhtw')).toContain('copy_countLabel: "複製數量"');
    expect(block('zhtw')).toContain('orderNoRequired: "訂單編號不能為空"');
    expect(block('en')).toContain('title: "Order book"');
    expect(block('en')).toContain('orderNoLabel: "Order no"');
    expect(block('en')).toContain('copy_countLabel: "Copy count"');
    expect(block('en')).toContain('noteLabel: "Remark"');
    expect(block('en')).toContain('orderNoRequired: "Order no cannot be empty"');
    expect(file('messages.ts')).toContain('zhtw: "訂單編號不能為空", en: "Order no cannot be empty"');
    expect(file('messages.ts')).toContain('zhtw: "複製數量的值無效", en: "Copy count: the value is not valid"');
  });

  it('writes hostile labels and options as literals and comments that stay closed', () => {
    const { files } = generateCode(everyWidgetDesign(), none);
    const all = files.map((f) => f.content).join('\n');
    // in comments the title's "*/" is broken up; in literals it is escaped (the compile test proves both hold)
    expect(files[1]!.content.split('\n')[0]).toBe(
      '// 代码生成样例 "* /: the records of the generated module codegenSample (generated from its design).',
    );
    expect(all).toContain(JSON.stringify("乙 '*/ `${x}`"));
  });

  it('refuses names taken, names that make no identifier, and forms it cannot read', () => {
    const design = everyWidgetDesign('group');
    expect(refusalOf(() => generateCode(design, { ...none, modules: new Set(PLATFORM_MODULES) }))).toEqual({
      reason: 'moduleTaken',
      params: { name: 'group' },
    });
    expect(refusalOf(() => generateCode(design, { ...none, tables: new Set(['ext_group']) }))).toEqual({
      reason: 'tableTaken',
      params: { name: 'ext_group' },
    });
    expect(refusalOf(() => generateCode(everyWidgetDesign('9_'), none))?.reason).toBe('moduleNameInvalid');
    expect(refusalOf(() => generateCode(everyWidgetDesign('index'), none))?.reason).toBe('moduleNameInvalid');
    expect(refusalOf(() => generateCode({ ...design, formData: 'nope' }, none))?.reason).toBe('formInvalid');
    const hostile = JSON.stringify({
      fields: [{ __config__: { jnpfKey: 'input', label: 'x' }, __vModel__: 'a"; drop table x; --' }],
    });
    expect(refusalOf(() => generateCode({ ...design, formData: hostile }, none))).toMatchObject({
      reason: 'fieldInvalid',
    });
    expect(refusalOf(() => generateCode({ ...design, formData: JSON.stringify({ fields: [] }) }, none))?.reason).toBe(
      'noFields',
    );
  });

  it('knows every module of the registry and every module folder', () => {
    const dir = path.resolve(fileURLToPath(import.meta.url), '../../..');
    const folders = readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isDirectory());
    expect([...PLATFORM_MODULES].sort()).toEqual([...new Set([...folders, ...modules.map((m) => m.name)])].sort());
  });
});

const GEN = '/api/visualdev/Generater';

describe('CodePreview and DownloadCode over HTTP', () => {
  useDesignServer();

  async function createDesign(patch: Record<string, unknown> = {}) {
    const res = await api<string>('POST', '/api/visualdev/Base', { json: designBody(categoryId, 'PO', patch) });
    expect(res.code, JSON.stringify(res)).toBe(200);
    return res.data!;
  }

  it('previews the files by folder and offers them as a zip', async () => {
    const enCode = unique('gen');
    const id = await createDesign({ enCode });
    const preview = await api<{
      module: string;
      list: { fileName: string; children: { fileName: string; fileContent: string }[] }[];
    }>('POST', `${GEN}/${id}/Actions/CodePreview`, { json: {} });
    expect(preview.code, JSON.stringify(preview)).toBe(200);
    const module = preview.data!.module;
    const folders = preview.data!.list.map((d) => d.fileName);
    expect(folders).toContain(`apps/server/src/modules/${module}`);
    expect(folders).toContain(`apps/web/src/views/extend/${module}`);
    const server = preview.data!.list.find((d) => d.fileName === `apps/server/src/modules/${module}`)!;
    expect(server.children.map((f) => f.fileName)).toContain('routes.ts');
    expect(server.children.find((f) => f.fileName === 'routes.ts')!.fileContent).toContain('permission:');
    // formatted as the repository's Prettier check wants, so the module drops in and `npm run lint` passes
    const prettier = await import('prettier');
    for (const folder of preview.data!.list)
      for (const file of folder.children.filter((f) => /\.(ts|tsx)$/.test(f.fileName)))
        expect(
          await prettier.check(file.fileContent, { ...PRETTIER_OPTIONS, filepath: file.fileName }),
          `${folder.fileName}/${file.fileName}`,
        ).toBe(true);

    const download = await api<{ name: string; url: string }>('POST', `${GEN}/${id}/Actions/DownloadCode`);
    expect(download.code, JSON.stringify(download)).toBe(200);
    expect(download.data!.name).toBe(`${module}.zip`);
    const zip = Buffer.from(await (await fetch(`${server_().baseUrl}${download.data!.url}`)).arrayBuffer());
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    // the names of the entries are stored as they are
    expect(zip.includes(Buffer.from(`apps/server/src/modules/${module}/service.ts`))).toBe(true);
    expect(zip.includes(Buffer.from(`apps/web/src/views/extend/${module}/index.page.tsx`))).toBe(true);
  });

  it('refuses an unknown design, a caller without the design menu, and hostile input', async () => {
    expect(await api('POST', `${GEN}/nope${Date.now()}/Actions/CodePreview`)).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/不存在|未找到/),
    });
    const id = await createDesign();
    const staff = await signedInUser(server_());
    for (const action of ['CodePreview', 'DownloadCode'])
      expect(await call(server_(), 'POST', `${GEN}/${id}/Actions/${action}`, { token: staff.token })).toMatchObject({
        code: 400,
        msg: '没有访问权限',
      });
    const bad = await api('POST', `${GEN}/${id}/Actions/CodePreview`, { json: { module: 'a\u0000b' } });
    expect(bad.code).toBe(401);
    const odd = await api('POST', `${GEN}/${id}/Actions/DownloadCode`, { json: { module: '../../etc' } });
    expect(odd.code).toBe(401);
  });

  it('refuses names that collide with a module or a table, in the caller’s language', async () => {
    const id = await createDesign({ enCode: 'group' });
    expect(await api('POST', `${GEN}/${id}/Actions/CodePreview`)).toMatchObject({
      code: 400,
      msg: '模块“group”已存在，生成的代码会与之冲突：请修改功能编码或指定其他模块名',
    });
    expect(
      await api('POST', `${GEN}/${id}/Actions/DownloadCode`, { headers: { 'Accept-Language': 'en' } }),
    ).toMatchObject({ code: 400, msg: expect.stringContaining('A module "group" already exists') });
    // another module name gets past it
    const other = unique('other').replace(/[^A-Za-z0-9]/g, '');
    expect((await api('POST', `${GEN}/${id}/Actions/CodePreview`, { json: { module: other } })).code).toBe(200);
    // a table already in the database
    const name = `taken${Date.now().toString(36)}`;
    await ctx().db.execute(sql.raw(`create table ext_${name} (id text)`));
    try {
      expect(await api('POST', `${GEN}/${id}/Actions/CodePreview`, { json: { module: name } })).toMatchObject({
        code: 400,
        msg: `数据表“ext_${name}”已存在，生成的代码会与之冲突：请修改功能编码或指定其他模块名`,
      });
    } finally {
      await ctx().db.execute(sql.raw(`drop table ext_${name}`));
    }
  });
});

/** the server of useDesignServer (a live binding read inside tests) */
const server_ = () => server;

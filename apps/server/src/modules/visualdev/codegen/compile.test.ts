// The generated code of a design with every widget kind, dropped into a copy of the repository, typechecks and
// lints as the repository's own code does, and its own test file runs there with vitest as written. The copy is
// symlinks to the repository's files but for the folders the generated files go into, and what the generated
// README asks a developer to change: the schema index (exporting the new tables), the modules' registry
// (registering the new modules) and the migrations (the tables' SQL as the next migrations). tsc runs once per side
// (in parallel) and ESLint once; the generated tests run in one vitest process on PGlite, whose resolver keeps the
// copy's paths (preserveSymlinks), so that the test kit's server is the copy's, registry and migrations included.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { client, signIn, startTestServer } from '../../../../test/harness.js';
import type { PlatformModule } from '../../../platform/module.js';
import { everyWidgetDesign } from '../../../../test/kit/codegen.js';
import { generateCode, type Generated } from './generate.js';

const run = promisify(execFile);
const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../../../../../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'codegen-'));

afterAll(() => {
  if (!process.env.CODEGEN_KEEP) rmSync(tmp, { recursive: true, force: true });
});

/** `dir` of the copy: a folder whose entries link to the repository's `dir`, but for the names in `own` */
function mirror(dir: string, own: readonly string[] = []) {
  mkdirSync(path.join(tmp, dir), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, dir))) {
    if (own.includes(entry)) continue;
    symlinkSync(path.join(ROOT, dir, entry), path.join(tmp, dir, entry));
  }
}

function layOut(all: readonly Generated[]) {
  for (const top of ['node_modules', 'packages', 'tsconfig.base.json'])
    symlinkSync(path.join(ROOT, top), path.join(tmp, top));
  // a copy, so that ESLint's config reads the copy's views
  copyFileSync(path.join(ROOT, 'eslint.config.js'), path.join(tmp, 'eslint.config.js'));
  mirror('apps', ['server', 'web']);
  mirror('apps/server', ['src', 'migrations']);
  mirror('apps/server/src', ['modules', 'db']);
  mirror('apps/server/src/modules', ['index.ts']);
  // the modules registered as the README says
  const registry = readFileSync(path.join(ROOT, 'apps/server/src/modules/index.ts'), 'utf8');
  const listEnd = registry.indexOf('\n];\n');
  if (listEnd < 0) throw new Error('the modules registry has no list to add to');
  writeFileSync(
    path.join(tmp, 'apps/server/src/modules/index.ts'),
    `${all.map((g) => `import { ${g.names.module}Module } from './${g.names.module}/index.js';\n`).join('')}${registry.slice(0, listEnd)}\n${all
      .map((g) => `  ${g.names.module}Module,`)
      .join('\n')}${registry.slice(listEnd)}`,
  );
  // the tables' SQL as the next schema migrations (what `npm run db:generate` would add)
  mkdirSync(path.join(tmp, 'apps/server/migrations/meta'), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'apps/server/migrations')))
    if (entry.endsWith('.sql'))
      copyFileSync(path.join(ROOT, 'apps/server/migrations', entry), path.join(tmp, 'apps/server/migrations', entry));
  const journal = JSON.parse(readFileSync(path.join(ROOT, 'apps/server/migrations/meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  for (const g of all) {
    const idx = Math.max(...journal.entries.map((e) => e.idx)) + 1;
    const tag = `${String(idx).padStart(4, '0')}_${g.names.table}`;
    journal.entries.push({ idx, tag });
    writeFileSync(
      path.join(tmp, 'apps/server/migrations', `${tag}.sql`),
      g.files.find((f) => f.path.endsWith('.sql'))!.content,
    );
  }
  writeFileSync(path.join(tmp, 'apps/server/migrations/meta/_journal.json'), JSON.stringify(journal));
  mirror('apps/server/src/db', ['schema']);
  mirror('apps/server/src/db/schema', ['index.ts']);
  writeFileSync(
    path.join(tmp, 'apps/server/src/db/schema/index.ts'),
    `${readFileSync(path.join(ROOT, 'apps/server/src/db/schema/index.ts'), 'utf8')}${all
      .map((g) => `export * from './${g.names.module}.js';\n`)
      .join('')}`,
  );
  mirror('apps/web', ['src']);
  mirror('apps/web/src', ['views']);
  mirror('apps/web/src/views');
  const files = all.flatMap((g) => g.files);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(tmp, file.path)), { recursive: true });
    writeFileSync(path.join(tmp, file.path), file.content);
  }
  writeFileSync(
    path.join(tmp, 'apps/server/vitest.codegen.config.mjs'),
    `export default ${JSON.stringify({
      resolve: {
        preserveSymlinks: true,
        alias: { '@jnpf/core': path.join(tmp, 'packages/core/src/index.ts') },
      },
      test: {
        include: files.filter((f) => f.path.endsWith('.test.ts')).map((f) => f.path.slice('apps/server/'.length)),
        environment: 'node',
        globalSetup: ['test/globalSetup.ts'],
        testTimeout: 60_000,
        hookTimeout: 120_000,
        pool: 'forks',
        isolate: false,
      },
    })};\n`,
  );
  const generatedOf = (side: string) =>
    files.filter((f) => f.path.startsWith(`apps/${side}/`)).map((f) => f.path.slice(`apps/${side}/`.length));
  writeFileSync(
    path.join(tmp, 'apps/server/tsconfig.codegen.json'),
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      compilerOptions: {
        noEmit: true,
        declaration: false,
        sourceMap: false,
        types: ['node'],
        paths: { '@jnpf/core': ['../../packages/core/src/index.ts'] },
      },
      files: generatedOf('server').filter((f) => f.endsWith('.ts')),
    }),
  );
  const web = JSON.parse(readFileSync(path.join(ROOT, 'apps/web/tsconfig.json'), 'utf8')) as {
    compilerOptions: Record<string, unknown>;
  };
  writeFileSync(
    path.join(tmp, 'apps/web/tsconfig.codegen.json'),
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      compilerOptions: web.compilerOptions,
      files: generatedOf('web'),
    }),
  );
}

const tsc = (side: string) =>
  run(
    process.execPath,
    [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', `apps/${side}/tsconfig.codegen.json`],
    {
      cwd: tmp,
      maxBuffer: 16 << 20,
    },
  );

const failureOf = (err: unknown) => {
  const e = err as { stdout?: string; stderr?: string; message?: string };
  return `${e.stdout ?? ''}${e.stderr ?? ''}` || String(e.message);
};

const none = { modules: new Set<string>(), tables: new Set<string>() };
// every widget kind, and the least a design can be (what the generated code leaves out must not be imported)
const minimal = {
  fullName: '最小',
  enCode: 'codegenMinimal',
  formData: JSON.stringify({ fields: [{ __config__: { jnpfKey: 'input', label: '名称' }, __vModel__: 'name' }] }),
  columnData: null,
};
const all = [generateCode(everyWidgetDesign(), none), generateCode(minimal, none)];
layOut(all);

describe('generated code in a copy of the repository', () => {
  // the same code whichever database runs the suite: checked once, in the PGlite pass (CI's time is short)
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'typechecks and lints (server module with its test, web page folder)',
    { timeout: 240_000 },
    async () => {
      const started = Date.now();
      const took: string[] = [];
      const timed = async <T>(name: string, work: Promise<T>) => {
        try {
          return await work;
        } finally {
          took.push(`${name} ${Date.now() - started} ms`);
        }
      };
      const checks = await Promise.allSettled([
        timed('tsc server', tsc('server')),
        timed('tsc web', tsc('web')),
        timed(
          'eslint',
          run(
            process.execPath,
            [
              path.join(ROOT, 'node_modules/eslint/bin/eslint.js'),
              '--max-warnings=0',
              ...all.flatMap((g) => g.files.filter((f) => /\.tsx?$/.test(f.path)).map((f) => f.path)),
            ],
            { cwd: tmp, maxBuffer: 16 << 20 },
          ),
        ),
      ]);
      const failures = checks.flatMap((c, i) =>
        c.status === 'rejected' ? [`${['tsc server', 'tsc web', 'eslint'][i]}:\n${failureOf(c.reason)}`] : [],
      );
      console.warn(`codegen compile check: ${took.join(', ')}`);
      expect(failures.join('\n')).toBe('');
    },
  );

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'runs its own test files with vitest, as written',
    { timeout: 300_000 },
    async () => {
      const started = Date.now();
      // a vitest of its own, not told it runs inside this one
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'TEST_DATABASE_URL'),
      );
      const report = path.join(tmp, 'generated-tests.json');
      const failed = await run(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--config',
          'vitest.codegen.config.mjs',
          '--reporter=json',
          `--outputFile=${report}`,
        ],
        { cwd: path.join(tmp, 'apps/server'), env, maxBuffer: 16 << 20 },
      ).then(
        () => '',
        (err: unknown) => failureOf(err),
      );
      console.warn(`codegen generated tests: ${Date.now() - started} ms`);
      const results = JSON.parse(readFileSync(report, 'utf8')) as {
        testResults: { name: string; assertionResults: { title: string; status: string }[] }[];
      };
      const outcome = results.testResults.flatMap((file) =>
        file.assertionResults.map((t) => `${path.basename(file.name)} > ${t.title}: ${t.status}`),
      );
      // every generated test file ran, each of its tests passed
      expect(outcome.sort(), failed).toEqual(
        all
          .flatMap((g) =>
            ['create, info, list, update, state, delete', 'reads need the menu; each write needs its button'].map(
              (title) => `${g.names.module}.test.ts > ${title}: passed`,
            ),
          )
          .sort(),
      );
      expect(failed).toBe('');
    },
  );

  it('serves its calls from the copy against a real database', { timeout: 120_000 }, async () => {
    const { names, files } = all[0]!;
    const started = Date.now();
    // the generated face, loaded from the copy: its platform imports are the repository's own files
    const face = (await import(
      pathToFileURL(path.join(tmp, `apps/server/src/modules/${names.module}/index.ts`)).href
    )) as Record<string, PlatformModule>;
    const server = await startTestServer({}, [face[`${names.module}Module`]!]);
    try {
      await server.platform.context.db.execute(sql.raw(files.find((f) => f.path.endsWith('.sql'))!.content));
      const api = client(server, await signIn(server));
      const BASE = names.apiBase;
      const body = {
        wInput: '甲一',
        wInputNumber: 3.5,
        wDatePicker: Date.UTC(2024, 0, 2),
        wSelect: '2',
        wCheckbox: ['1', '2'],
        wSwitch: 1,
        wDepSelect: ['d1', 'd2'],
        wTable: [{ colInput: 'a', colInputNumber: 2 }],
        descriptionField: '字段',
        description: '说明',
      };
      const created = await api<string>('POST', BASE, { json: body });
      expect(created, JSON.stringify(created)).toMatchObject({ code: 200 });
      const id = created.data!;
      const info = await api<Record<string, unknown> & { version: number }>('GET', `${BASE}/${id}`);
      expect(info.data).toMatchObject({ ...body, id, enabledMark: 1, sCreateTime: expect.any(Number) });
      // the creator's organisation and position, as the online form fills them
      const { rows } = (await server.platform.context.db.execute(
        sql`select organize_id, position_id from base_user where account = 'admin'`,
      )) as unknown as { rows: { organize_id: string | null; position_id: string | null }[] };
      expect(rows[0]!.organize_id).toBeTruthy();
      // (an empty text reads back as '')
      expect([info.data!.sCurrOrganize, info.data!.sCurrPosition || null]).toEqual([
        rows[0]!.organize_id,
        rows[0]!.position_id || null,
      ]);
      const list = await api<{ list: { id: string }[] }>('GET', BASE, { query: { keyword: '甲一' } });
      expect(list.data!.list.map((r) => r.id)).toEqual([id]);
      const update = { ...body, wInput: '乙二', version: info.data!.version };
      expect((await api('PUT', `${BASE}/${id}`, { json: update })).code).toBe(200);
      expect((await api('PUT', `${BASE}/${id}`, { json: update })).code).toBe(400);
      expect((await api('PUT', `${BASE}/${id}/Actions/State`)).code).toBe(200);
      expect((await api<{ enabledMark: number }>('GET', `${BASE}/${id}`)).data).toMatchObject({
        wInput: '乙二',
        enabledMark: 0,
        sModifyTime: expect.any(Number),
      });
      // a value outside the options, and a missing required field, answered field by field
      const bad = await api<{ errors: Record<string, string> }>('POST', BASE, {
        json: { ...body, wSelect: '9', wInput: '' },
      });
      expect(bad.code).toBe(401);
      expect(bad.data!.errors).toMatchObject({ wSelect: '字段 select的值无效', wInput: '字段 input不能为空' });
      expect((await api('DELETE', `${BASE}/${id}`)).code).toBe(200);
    } finally {
      await server.close();
    }
    console.warn(`codegen runtime check: ${Date.now() - started} ms`);
  });
});

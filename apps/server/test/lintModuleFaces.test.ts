// The lint rule of module faces refuses a deep import into another module, and lets through what is allowed:
// a face, a file of the module itself (from any of its folders), the platform. It reaches every source file of
// the modules, however deep. The bad code is a fixture outside the normal lint run.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from './sourceFiles.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FIXTURE = path.join(import.meta.dirname, 'lintFixtures/deepCrossModuleImport.ts');
const eslint = new ESLint({ cwd: ROOT });

/** the face-rule messages of this code linted as the given file of the repository */
async function faceErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module faces lint rule', () => {
  const bad = fs.readFileSync(FIXTURE, 'utf8');

  it('refuses a deep import into another module', async () => {
    const errors = await faceErrors(bad, 'apps/server/src/modules/visualdev/deepImport.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('../menu/service.js');
  });

  it('refuses it from a subfolder of a module and in the registry too', async () => {
    const nested = bad.replace("'../menu/service.js'", "'../../menu/service.js'");
    expect(await faceErrors(nested, 'apps/server/src/modules/visualdev/design/deepImport.ts')).toHaveLength(1);
    const registry = bad.replace("'../menu/service.js'", "'./menu/service.js'");
    expect(await faceErrors(registry, 'apps/server/src/modules/index.ts')).toHaveLength(1);
  });

  it('lets through a face, the module’s own files and the platform', async () => {
    const face = bad.replace("'../menu/service.js'", "'../menu/index.js'");
    expect(await faceErrors(face, 'apps/server/src/modules/visualdev/deepImport.ts')).toEqual([]);
    const own = bad.replace("'../menu/service.js'", "'./service.js'");
    expect(await faceErrors(own, 'apps/server/src/modules/menu/deepImport.ts')).toEqual([]);
    const platform = bad.replace("'../menu/service.js'", "'../../platform/menus.js'");
    expect(await faceErrors(platform, 'apps/server/src/modules/visualdev/deepImport.ts')).toEqual([]);
  });

  it('lets a subfolder reach its own module’s other folders, another module’s face and the platform', async () => {
    const file = 'apps/server/src/modules/visualdev/design/deepImport.ts';
    const reach = (target: string) => faceErrors(bad.replace("'../menu/service.js'", `'${target}'`), file);
    expect(await reach('../runtime/records.js')).toEqual([]);
    expect(await reach('../messages.js')).toEqual([]);
    expect(await reach('../../menu/index.js')).toEqual([]);
    expect(await reach('../../../platform/menus.js')).toEqual([]);
  });

  it('holds every source file of the modules to the rule', async () => {
    const uncovered: string[] = [];
    for (const file of sourceFiles('modules')) {
      const config = await eslint.calculateConfigForFile(path.join(SRC, file.path));
      const rule: unknown = config.rules?.['no-restricted-imports'];
      const severity = Array.isArray(rule) ? rule[0] : rule;
      if (severity !== 2 && severity !== 'error') uncovered.push(file.path);
    }
    expect(uncovered, 'widen the module-face entries of eslint.config.js to reach these').toEqual([]);
  });

  it('keeps the fixture out of the normal lint run', async () => {
    expect(await eslint.isPathIgnored(FIXTURE)).toBe(true);
  });
});

// The server's source files as the structure checks read them: tests and test kits aside, paths relative to
// src, each file with the module it belongs to.
import fs from 'node:fs';
import path from 'node:path';

export const SRC = path.resolve(import.meta.dirname, '../src');

/** test files and the test kits that still live beside the code (they are not built either) */
export const isTestFile = (file: string) => /(\.test\.ts|\/testKit\.ts|\/fixtures\.ts)$/.test(file);

export interface SourceFile {
  /** relative to src, with forward slashes: "modules/menu/service.ts" */
  path: string;
  /** the module folder ("menu"), "registry" for modules/index.ts, "platform" for the platform and the database */
  owner: string;
  text: string;
}

export function ownerOf(relative: string): string {
  const parts = relative.split('/');
  if (parts[0] !== 'modules') return 'platform';
  return parts.length > 2 ? parts[1]! : 'registry';
}

/** every non-test .ts file below these folders of src */
export function sourceFiles(...folders: string[]): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const relative = path.relative(SRC, full).split(path.sep).join('/');
        if (!isTestFile(relative))
          out.push({ path: relative, owner: ownerOf(relative), text: fs.readFileSync(full, 'utf8') });
      }
    }
  };
  for (const folder of folders) walk(path.join(SRC, folder));
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** the module folders of src/modules */
export const moduleNames = () =>
  fs
    .readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

// The module graph, read from the import statements of the source files below src/modules (tests and test kits
// aside): a module reaches another only through its face (index.ts), the registry imports faces only, the
// platform imports no module, and no modules depend on each other in a cycle (an import cycle through faces
// would also leave some module half-initialised when another reads it).
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { moduleNames, ownerOf, sourceFiles } from './sourceFiles.js';

/**
 * Deep imports allowed while code moves between modules: importing file → files of other modules it may still
 * reach into, relative to src/modules (none today). Keep in step with pendingDeepImports in eslint.config.js; an
 * entry no import needs any more fails below.
 */
const PENDING_DEEP_IMPORTS: Record<string, string[]> = {};
/** module folders allowed to be without a face while they are being built (none today) */
const PENDING_WITHOUT_FACE: string[] = [];

interface Import {
  from: string;
  /** the imported file, relative to src */
  to: string;
}

/** the relative imports of every non-test file below these folders, resolved to files of src */
function importsOf(...folders: string[]): Import[] {
  return sourceFiles(...folders).flatMap((file) =>
    ts
      .preProcessFile(file.text, true, true)
      .importedFiles.map((i) => i.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({
        from: file.path,
        to: path.posix.join(path.posix.dirname(file.path), specifier).replace(/\.js$/, '.ts'),
      })),
  );
}

const inModules = (file: string) => file.startsWith('modules/');
const withinModules = (file: string) => file.slice('modules/'.length);
const isFace = (file: string) => /^modules\/[^/]+\/index\.ts$/.test(file);

/** one cycle of the graph, as the modules along it, or null */
function findCycle(edges: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...edges.keys()].sort()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

describe('module graph', () => {
  const imports = importsOf('modules');
  const crossModule = imports.filter((i) => inModules(i.to) && ownerOf(i.from) !== ownerOf(i.to));
  const pending = (i: Import) => PENDING_DEEP_IMPORTS[withinModules(i.from)]?.includes(withinModules(i.to)) ?? false;

  it('reads the modules', () => {
    expect(crossModule.length).toBeGreaterThan(50);
  });

  it('reaches another module only through its face', () => {
    const deep = crossModule.filter((i) => !isFace(i.to) && !pending(i)).map((i) => `${i.from} → ${i.to}`);
    expect(deep, 'import the module’s index.js and export what is needed from there').toEqual([]);
  });

  it('lists no pending deep import that is gone', () => {
    const used = new Set(crossModule.filter(pending).map((i) => `${withinModules(i.from)} → ${withinModules(i.to)}`));
    const listed = Object.entries(PENDING_DEEP_IMPORTS).flatMap(([from, targets]) =>
      targets.map((to) => `${from} → ${to}`),
    );
    expect(
      listed.filter((entry) => !used.has(entry)),
      'remove these from the pending lists',
    ).toEqual([]);
  });

  it('has no cycle between modules', () => {
    const edges = new Map<string, Set<string>>();
    for (const i of crossModule) {
      const from = ownerOf(i.from);
      if (from === 'registry') continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(ownerOf(i.to)));
    }
    expect(findCycle(edges)?.join(' → ') ?? null).toBeNull();
  });

  it('gives every module a face', () => {
    const faces = new Set(
      sourceFiles('modules')
        .filter((f) => isFace(f.path))
        .map((f) => ownerOf(f.path)),
    );
    const without = moduleNames().filter((name) => !faces.has(name) && !PENDING_WITHOUT_FACE.includes(name));
    expect(without).toEqual([]);
  });

  it('keeps the platform free of modules', () => {
    const platform = importsOf('platform', 'db').filter((i) => inModules(i.to));
    expect(platform.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const edges = new Map([
      ['menu', new Set(['permissionKernel'])],
      ['permissionKernel', new Set(['users'])],
      ['users', new Set(['menu'])],
    ]);
    expect(findCycle(edges)).toEqual(['menu', 'permissionKernel', 'users', 'menu']);
  });
});

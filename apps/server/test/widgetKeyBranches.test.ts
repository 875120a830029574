// What a widget is and does lives in its registry entry: the web's widgets/entries (form, detail, list cell,
// search, rules, start value, palette and property panel) and the server's VALUE_CHECKS (visualdev/runtime/
// values.ts). This check reads the sources and fails when a file outside those branches on a literal jnpfKey:
// compares with one (`key === 'editor'`), switches over them (`case 'editor':`), or keeps a set of them
// (`new Set(['input', 'textarea'])`). What could not move yet is allowed below, each with why.
import fs from 'node:fs';
import path from 'node:path';
import { ONLINE_FIELD_KEYS } from '@jnpf/core';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** the folders whose files must not branch on a jnpfKey */
const SCANNED = ['apps/web/src', 'apps/server/src/modules/visualdev', 'packages/core/src'];
/** the registry itself: entries may name their keys */
const REGISTRY = [/^apps\/web\/src\/widgets\/entries\//, /^apps\/web\/src\/widgets\/registry\.ts$/];

/** Files that still branch on a jnpfKey, and why they were not moved into an entry yet. */
const ALLOWED: Readonly<Record<string, string>> = {
  // the key catalogue both sides share: the key lists and the predicates the server needs too (upload keys,
  // multi-value fields, tree options, listable and searchable keys, search types)
  'packages/core/src/onlineDev.ts': 'shared key catalogue of web and server',
  // widget modules that serve several keys and tell them apart (files or pictures), or read a column's key;
  // other helpers edit these files in parallel, so they were left as they are
  'apps/web/src/widgets/uploadWidgets.tsx': 'one widget for uploadFile and uploadImg',
  'apps/web/src/widgets/SubTableWidget.tsx': 'required mark of a switch column; file edited in parallel',
};

const KEYS: ReadonlySet<string> = new Set(ONLINE_FIELD_KEYS);
const quoted = (text: string) => [...text.matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]!);

/** the ways this source branches on a literal jnpfKey, one line each */
export function keyBranches(source: string): string[] {
  const found: string[] = [];
  const lines = source.split('\n');
  // a comparison with a key, on a line that speaks of a key
  for (const line of lines) {
    if (!/jnpfKey|\bkey\b|Key\b/.test(line)) continue;
    for (const match of line.matchAll(/[!=]==\s*'([A-Za-z]+)'|'([A-Za-z]+)'\s*[!=]==/g)) {
      const key = match[1] ?? match[2]!;
      if (KEYS.has(key)) found.push(`compares with '${key}': ${line.trim()}`);
    }
  }
  // a switch over a key with a key as a case
  if (/switch\s*\([^)]*(jnpfKey|\bkey\b)[^)]*\)/.test(source))
    for (const line of lines) {
      const match = /^\s*case '([A-Za-z]+)':/.exec(line);
      if (match && KEYS.has(match[1]!)) found.push(`switches on '${match[1]}'`);
    }
  // a set of keys
  for (const match of source.matchAll(/new Set(?:<[^>]*>)?\(\[([\s\S]*?)\]\)/g)) {
    // only quoted keys and spread lists (`...DIRECTORY_PICKER_KEYS`): not a set built from lookups
    const items = quoted(match[1]!);
    const rest = match[1]!.replace(/'[A-Za-z]+'|\.\.\.[A-Z_]+|\/\/.*|[,\s]/g, '');
    if (items.length && !rest && items.every((item) => KEYS.has(item)))
      found.push(`keeps a set of keys: ${items.join(', ')}`);
  }
  return found;
}

function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
        out.push(path.relative(ROOT, full).split(path.sep).join('/'));
    }
  };
  walk(path.join(ROOT, folder));
  return out;
}

describe('widget key branches', () => {
  it('finds each way of branching on a key, and nothing in other comparisons', () => {
    expect(keyBranches("if (field.__config__.jnpfKey === 'editor') return;")).toHaveLength(1);
    expect(keyBranches("const picture = 'uploadImg' !== key;")).toHaveLength(1);
    expect(keyBranches("switch (config.jnpfKey) {\n  case 'input':\n    return 1;\n}")).toHaveLength(1);
    expect(keyBranches("const TEXT_KEYS = new Set<string>([\n  'input',\n  'textarea',\n]);")).toHaveLength(1);
    expect(keyBranches("if (event.key === 'Enter') submit();")).toEqual([]);
    expect(keyBranches("if (entry.kind === 'input') draw();")).toEqual([]);
    expect(keyBranches("switch (action.type) {\n  case 'select':\n    return 1;\n}")).toEqual([]);
    expect(keyBranches("const SIDES = new Set(['left', 'right']);")).toEqual([]);
    expect(keyBranches("const ids = new Set([...(wanted.get('depSelect') ?? [])]);")).toEqual([]);
    expect(keyBranches("const KEYS = new Set([...DIRECTORY_PICKER_KEYS, 'areaSelect']);")).toHaveLength(1);
  });

  it('no file outside the widget registry branches on a jnpfKey, but those allowed', () => {
    const offenders: Record<string, string[]> = {};
    for (const file of SCANNED.flatMap(sourceFiles)) {
      if (REGISTRY.some((pattern) => pattern.test(file)) || ALLOWED[file]) continue;
      const found = keyBranches(fs.readFileSync(path.join(ROOT, file), 'utf8'));
      if (found.length) offenders[file] = found;
    }
    expect(offenders).toEqual({});
  });

  it('allows only files that still branch (an allowance is dropped once its file is clean)', () => {
    const clean = Object.keys(ALLOWED).filter(
      (file) => !keyBranches(fs.readFileSync(path.join(ROOT, file), 'utf8')).length,
    );
    expect(clean).toEqual([]);
  });
});

// Generated code in the repository's own style: Prettier with the repository's options, when Prettier is installed
// (a development install, where the code is meant to be dropped in). A production install without it gives the code
// as generated, and the install steps say `npm run format`.
import type * as PrettierApi from 'prettier';
import type { GeneratedFile } from './generate.js';

/** the repository's .prettierrc.json (a test keeps the two the same) */
export const PRETTIER_OPTIONS = { printWidth: 120, singleQuote: true, trailingComma: 'all' } as const;

/** the files the repository's Prettier check reads (it ignores Markdown and the migrations' SQL) */
const FORMATTED = /\.(ts|tsx|json|css)$/;

type Prettier = typeof PrettierApi;

async function loadPrettier(): Promise<Prettier | null> {
  try {
    return await import('prettier');
  } catch {
    return null;
  }
}

/** the files formatted as `npm run format` would; a file Prettier cannot parse stays as it was */
export async function formatted(files: readonly GeneratedFile[]): Promise<GeneratedFile[]> {
  const prettier = await loadPrettier();
  if (!prettier) return [...files];
  return Promise.all(
    files.map(async (file) => {
      if (!FORMATTED.test(file.path)) return file;
      try {
        return { ...file, content: await prettier.format(file.content, { ...PRETTIER_OPTIONS, filepath: file.path }) };
      } catch {
        return file;
      }
    }),
  );
}

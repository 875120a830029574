import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Module faces: a file of apps/server/src/modules/<a>/ reaches another module only through its index.js; the
// module registry (modules/index.ts) imports faces only. Test files and test kits are not held to it.
const MODULES = 'apps/server/src/modules';
const TEST_FILES = ['**/*.test.ts', '**/testKit.ts', '**/fixtures.ts'];
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** the rule for a file `depth` folders below modules/, letting through the deep imports in `allowed` */
function faceRule(depth, allowed = []) {
  const up = depth ? '\\.\\./'.repeat(depth) : '\\./';
  const exceptions = allowed.map((target) => `(?!${escapeRegex(target)}$)`).join('');
  return [
    'error',
    {
      patterns: [
        {
          regex: `^${up}(?!\\.\\.?/)(?![^/]+/index\\.js$)${exceptions}[^/]+/`,
          message: "Another module is reached only through its face: import '<module>/index.js'.",
        },
      ],
    },
  ];
}
/** files allowed a deep import of another module, with the files they may reach (none today) */
const pendingDeepImports = {};
const moduleFaces = [
  { files: [`${MODULES}/index.ts`], rules: { 'no-restricted-imports': faceRule(0) } },
  ...[1, 2, 3].map((depth) => ({
    files: [`${MODULES}/${'*/'.repeat(depth)}*.ts`],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': faceRule(depth) },
  })),
  ...Object.entries(pendingDeepImports).map(([file, allowed]) => ({
    files: [`${MODULES}/${file}`],
    rules: { 'no-restricted-imports': faceRule(file.split('/').length - 1, allowed) },
  })),
];

// Web view folders: a file of apps/web/src/views/<x>/ imports nothing of another views/<y>/, and nothing outside
// views/ imports a view but the router (app/). What several views share lives in components/ or platform/.
const WEB = 'apps/web/src';
const webViews = readdirSync(`${import.meta.dirname}/${WEB}/views`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const viewFolders = webViews.flatMap((view) =>
  [1, 2, 3, 4].map((depth) => ({
    files: [`${WEB}/views/${view}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:\\.\\./){${depth}}(?!${escapeRegex(view)}/)(?!\\.\\.?/)[^/]+(?:/|$)`,
              message: 'A view imports nothing of another view: move what they share to components/ or platform/.',
            },
          ],
        },
      ],
    },
  })),
);
const outsideViews = {
  files: [`${WEB}/**/*.{ts,tsx}`],
  ignores: [`${WEB}/views/**`, `${WEB}/app/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(?:\\.\\./)+views/',
            message: 'Only the router imports views: move what is shared to components/ or platform/.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/migrations/**',
      'test-results/**',
      // deliberately bad code the lint tests feed to ESLint
      'apps/server/test/lintFixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.mjs', 'scripts/**', '**/bench/**', '**/e2e/**'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
  ...moduleFaces,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...viewFolders,
  outsideViews,
);

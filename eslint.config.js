import js from '@eslint/js';
import globals from 'globals';
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
/**
 * Deep imports that stay until other work of issue 12 lands: the input-validation kits (organize/fields,
 * menu/fields, dictionary/fields, billRule/input) that platform/fields.ts replaces, and the currentUser module,
 * which is being restructured with a face of its own. Empty this list (and its twin in
 * apps/server/test/moduleGraph.test.ts) as those imports go.
 */
const pendingDeepImports = {
  'index.ts': ['currentUser/routes.js'],
  'authority/routes.ts': ['menu/fields.js'],
  'billRule/input.ts': ['dictionary/fields.js'],
  'billRule/routes.ts': ['dictionary/fields.js'],
  'billRule/transfer.ts': ['dictionary/fields.js'],
  'currentUser/routes.ts': ['oauth/login.js', 'oauth/userInfo.js'],
  'group/routes.ts': ['organize/fields.js'],
  'group/service.ts': ['organize/fields.js'],
  'permissionGroup/routes.ts': ['menu/fields.js'],
  'position/routes.ts': ['organize/fields.js'],
  'position/service.ts': ['organize/fields.js'],
  'role/routes.ts': ['organize/fields.js'],
  'role/service.ts': ['organize/fields.js'],
  'system/routes.ts': ['menu/fields.js'],
  'users/fields.ts': ['organize/fields.js'],
  'users/importer.ts': ['organize/fields.js'],
  'users/pickerRoutes.ts': ['organize/fields.js'],
  'users/queries.ts': ['organize/fields.js'],
  'users/routes.ts': ['organize/fields.js'],
  'users/service.ts': ['organize/fields.js'],
  'visualdev/fields.ts': ['dictionary/fields.js'],
  'visualdev/shortLinkRoutes.ts': ['dictionary/fields.js'],
};
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
);

// Settings shared by vite.config.ts and vitest.config.ts (kept free of imports: the two configs load
// different vite majors, vite 7 for the app build and vitest's own for tests).

/** The web app compiles core's TypeScript sources directly, so no core build is needed for dev, build or tests. */
export const coreSourceAlias = {
  find: /^@jnpf\/core$/,
  replacement: decodeURIComponent(new URL('../../packages/core/src/index.ts', import.meta.url).pathname),
};

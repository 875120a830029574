import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
    // Vitest leaves one core to itself by default, which on a two-core CI machine means one test file at a
    // time; the files wait on jsdom, PGlite and sockets enough that two at a time finish much sooner.
    maxWorkers: 2,
    // React's scheduler can run a last queued render after a jsdom test file has torn its window down; that
    // is not a failure of any test. Every other unhandled error still fails the run.
    onUnhandledError(error) {
      const text = `${error.message}\n${error.stack ?? ''}`;
      if (error.message === 'window is not defined' && /react-dom|scheduler/.test(text)) return false;
    },
  },
});

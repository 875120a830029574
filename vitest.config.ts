import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
    // React's scheduler can run a last queued render after a jsdom test file has torn its window down; that
    // is not a failure of any test. Every other unhandled error still fails the run.
    onUnhandledError(error) {
      const text = `${error.message}\n${error.stack ?? ''}`;
      if (error.message === 'window is not defined' && /react-dom|scheduler/.test(text)) return false;
    },
  },
});

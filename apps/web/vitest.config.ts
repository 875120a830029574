import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { coreSourceAlias } from './vite.shared.ts';

export default defineProject({
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  plugins: [react()],
  resolve: { alias: [coreSourceAlias] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // antd component tests in jsdom take seconds on a small CI machine.
    testTimeout: 20_000,
  },
});

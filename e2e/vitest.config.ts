import { defineConfig } from 'vitest/config';

// Browser specs: run by e2e/run.mjs against a real server (E2E_BASE_URL). One file per journey,
// one at a time: each launches its own Chromium and the machine has few cores.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['specs/**/*.spec.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});

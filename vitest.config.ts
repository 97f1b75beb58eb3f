import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'engine',
          root: 'packages/engine',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web', root: 'apps/web', include: ['test/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

// A feature folder's index.ts is its public surface: source code outside the folder (the app
// shell, plugins, realtime, other features) imports the feature only through it, so a feature
// can reorganise its files without breaking callers. Tests may reach into internals to test them.
// The feature list is read from disk, so a new feature is covered the day it is created.
const featureZones = (srcDir) => {
  const src = path.join(ROOT, srcDir);
  const features = readdirSync(path.join(src, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const outsideFeatures = readdirSync(src)
    .filter((name) => name !== 'features')
    .map((name) => path.join(src, name));
  return features.map((feature) => ({
    target: [
      ...outsideFeatures,
      ...features.filter((other) => other !== feature).map((other) => path.join(src, 'features', other)),
    ],
    from: path.join(src, 'features', feature),
    except: ['./index.ts'],
    message: `Import the ${feature} feature through features/${feature}/index.ts, not its internals.`,
  }));
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'screenshots/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the imports of imported files (no-cycle follows them) only in files with
      // these extensions, parsed with this parser; its default is JavaScript only.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Without a resolver the import-x rules cannot see where an import lands and report nothing.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            ...featureZones('apps/server/src'),
            ...featureZones('apps/web/src'),
            {
              target: './apps/web/src/components',
              from: './apps/web/src/features',
              message: 'Shared components do not depend on features.',
            },
            {
              target: './apps/web/src/lib',
              from: './apps/web/src/features',
              message: 'lib/ does not depend on features.',
            },
            {
              target: [
                './apps/server/src/lib',
                './apps/server/src/db',
                './apps/server/src/mail',
                './apps/server/src/warehouses',
              ],
              from: './apps/server/src/features',
              message: 'Shared server code (lib, db, mail, warehouses) does not depend on features.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message:
                'The web app talks to the server over HTTP and sockets; shared shapes live in packages/contracts.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'The server does not import web code; shared shapes live in packages/contracts.',
            },
            {
              target: './packages/engine',
              from: './apps',
              message: 'The engine is pure: no HTTP, no app database.',
            },
            {
              target: './packages/contracts',
              from: './apps',
              message: 'Contracts depend on nothing of the apps.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);

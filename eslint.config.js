import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Feature folders never import each other (bulletproof-react's rule): app → features → components/lib.
const featureBoundaries = (base, features) =>
  features.map((feature) => ({
    target: `${base}/features/${feature}`,
    from: `${base}/features`,
    except: [`./${feature}`],
    message:
      'Features do not import each other: call the other feature through a shared module in lib/ or through its service.',
  }));

const WEB_FEATURES = [
  'auth',
  'conversation',
  'decision-hub',
  'use-cases',
  'data-sources',
  'decisions',
  'documents',
  'admin',
  'billing',
  'agents',
  'action-flows',
  'recent-conversations',
  'placeholders',
  'shell',
  'errors',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'screenshots/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureBoundaries('./apps/web/src', WEB_FEATURES),
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

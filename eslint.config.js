import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import { boundariesConfig } from './tools/lint/boundaries.js'
import { oneWayToStartConfig } from './tools/lint/one-way-to-start.js'
import { deciderErrorsConfig } from './tools/lint/decider-errors.js'

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.test-reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Who may import whom (services, kit, remotes, features): tools/lint/boundaries.js.
  boundariesConfig(import.meta.dirname),
  // How tests start the platform: tools/lint/one-way-to-start.js.
  ...oneWayToStartConfig(),
  // Deciders refuse in the domain's terms: tools/lint/decider-errors.js.
  deciderErrorsConfig(),
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '.ci/**', 'tools/**', '**/cli/**', 'tests/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
  {
    // One router instance for every remote: it is shared through the kit's router entry.
    files: ['frontends/**/*.{ts,tsx}'],
    ignores: ['frontends/kit/src/router.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'react-router', message: "Importe el enrutador desde '@donaciones/web-kit/router'." }] }],
    },
  },
)

import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { clientBoundaries } from './eslint/client-boundaries.js'
import { serverBoundaries } from './eslint/server-boundaries.js'
import { orderNoticesRule } from './eslint/order-notices.js'
import { providerNamesRule } from './eslint/provider-names.js'

export default tseslint.config(
  {
    ignores: ['dist', 'data', 'node_modules', 'coverage', 'bench/.out', 'src/server/db/migrations'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  ...serverBoundaries,
  ...orderNoticesRule,
  ...providerNamesRule,
  ...clientBoundaries,
)

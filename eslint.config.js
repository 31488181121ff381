import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { clientApiUrls } from './eslint/client-api-urls.js'
import { clientDataRule } from './eslint/client-data.js'
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
    // Accessibility of the markup (labels, roles, alt texts), checked as it is written.
    files: ['src/client/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A choice card's label holds its name two wrappers deep (title row, badge).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  ...serverBoundaries,
  ...orderNoticesRule,
  ...providerNamesRule,
  ...clientBoundaries,
  ...clientApiUrls,
  ...clientDataRule,
)

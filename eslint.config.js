// ESLint for the whole repository (`npm run lint`, part of `npm test`, zero warnings allowed).
// TypeScript (src/, test/, bench/, scripts/ as far as they are .ts/.tsx) is linted with typescript-eslint's
// type-checked rules through the project service (the one tsconfig.json); the .mjs benches and scripts and the
// CommonJS bin/ are plain JavaScript no tsconfig types, so they get the rules that need no types.
import { builtinRules } from 'eslint/use-at-your-own-risk';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import ecsdeck from './scripts/lint-known-words.mjs';

// eslint:recommended without a dependency for it: the built-in rules that mark themselves recommended, which is
// what @eslint/js's recommended config is generated from.
const eslintRecommended = Object.fromEntries(
  [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended === true).map(([name]) => [name, 'error']),
);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    rules: {
      ...eslintRecommended,
      // A terminal program: its sanitizer, key parser and tests match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { ecsdeck },
    rules: {
      // a state compared with a word its type does not hold (the service's code where the client gives a word)
      'ecsdeck/known-words': 'error',
      // Specs and stand-ins implement Promise-returning members as `async` so that a throw becomes a rejection,
      // which callers handle in one place; requiring an await there would trade that for a sync throw.
      '@typescript-eslint/require-await': 'off',
      // Passing on what was caught, or an AbortSignal's reason, is not making up a non-Error rejection.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // `_name` marks a value kept on purpose (a parameter a signature needs, a field dropped by a rest copy).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The UI passes props and hook results that are callbacks declared in method shorthand (`onDone(): void`) as
    // values, which is what React code does; none of them uses `this`, and the rule cannot tell them from the
    // methods of a class. It stays on for the client, the emulator and the tracker, where the classes are.
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // Tests read the service's JSON untyped and check its shape with expect(), which is the type check there; the
    // no-unsafe-* family would flag every such line. Async stand-ins implement async interfaces without awaiting;
    // `f = await h.waitFor(...)` is an assertion whose frame is often not read again; regexes match columns of
    // spaces as they look on screen; the hostile-text tests put odd whitespace in strings on purpose.
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      'no-useless-assignment': 'off',
      'no-regex-spaces': 'off',
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipRegExps: true }],
    },
  },
  {
    // vitest.config.ts is outside tsconfig.json (no program types it) and imports a plain .mjs helper.
    files: ['vitest.config.ts'],
    extends: [tseslint.configs.disableTypeChecked],
    rules: { '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': 'allow-with-description' }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.recommended],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // bin/ is CommonJS (bin/package.json says so): Node runs it before any ES module loader is set up.
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

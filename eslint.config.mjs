import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/** ESLint flat config: Next.js core web vitals + TypeScript rules. */
const config = [
  ...nextVitals,
  ...nextTs,
  // Components navigate in code through useAppRouter (components/ui/use-app-router.ts), which also starts the
  // navigation progress bar.
  {
    files: ['app/**/*.tsx', 'components/**/*.tsx', 'components/**/*.ts'],
    ignores: ['components/ui/use-app-router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'next/navigation', importNames: ['useRouter'], message: 'Use useAppRouter from @/components/ui/use-app-router.' }] },
      ],
    },
  },
  { ignores: ['.next/**', '.next-*/**', 'test-results-*/**', 'node_modules/**', 'data/**', '.data-*/**', 'test-results/**', 'next-env.d.ts'] },
];

export default config;

import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/** ESLint flat config: Next.js core web vitals + TypeScript rules. */
const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', '.next-*/**', 'test-results-*/**', 'node_modules/**', 'data/**', '.data-*/**', 'test-results/**', 'next-env.d.ts'] },
];

export default config;

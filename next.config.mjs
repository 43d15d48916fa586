import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // A separate build folder lets several checkouts' builds (or a build beside a dev server) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // The e2e server's build skips its own type check: `npm test` runs `tsc` on the whole project first.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === '1' },
  experimental: {
    // Load each page's and route's server code at its first request instead of all of them at start:
    // a smaller live heap and less resident memory under the availability load (bench/README.md); the first
    // request of each route pays its module loading once.
    preloadEntriesOnStart: false,
  },
  // NEXT_SOURCEMAPS=1: browser source maps, for bundle analysis (scripts/bench/pages.ts).
  productionBrowserSourceMaps: process.env.NEXT_SOURCEMAPS === '1',
  // rate-limiter-flexible loads drizzle-orm with a computed `import()`, which a bundle cannot resolve;
  // pino loads its worker-thread transports at run time (lib/server/log.ts uses none, but keep it unbundled).
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'oidc-provider', 'nodemailer', 'rate-limiter-flexible', 'pino'],
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
      {
        // The API answers JSON only: nothing may load from it and nothing may frame it (lib/security/csp.ts
        // API_CSP). Pages get their nonce-based policy from middleware.ts, which the API is outside of.
        source: '/api/:path*',
        headers: [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);

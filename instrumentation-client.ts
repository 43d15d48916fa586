/**
 * Next.js client instrumentation: runs in the browser before the app hydrates. Zod is told not to
 * probe `eval`, which the page Content-Security-Policy forbids (lib/security/zod-jitless.ts).
 */
import './lib/security/zod-jitless';

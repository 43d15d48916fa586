/**
 * Keeps zod from probing `eval` in the browser (Content-Security-Policy). Zod 4 compiles fast
 * object parsers with `new Function` unless told not to, and its feature test alone (`Function('')`)
 * raises a `securitypolicyviolation` under the page policy, which has no `'unsafe-eval'`. With `jitless`
 * the browser parses with the interpreter (the payloads here are small); the server keeps the compiled
 * parsers. Imported for its side effect by instrumentation-client.ts, before any page code runs.
 *
 * It writes zod's one global configuration object (`globalThis.__zod_globalConfig`, which zod's `config()`
 * creates on first load and then only merges into) instead of importing zod: importing it here would put zod's
 * code (even `zod/v4/core` alone) into every page's first-load JavaScript.
 * lib/security/zod-jitless.test.ts checks that zod reads the setting written this way.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };

/** Sets `jitless` in zod's global configuration, creating it when zod has not loaded yet. */
export function setZodJitless(target: ZodGlobal = globalThis): void {
  target.__zod_globalConfig = Object.assign(target.__zod_globalConfig ?? {}, { jitless: true });
}

if (typeof window !== 'undefined') setZodJitless();

/**
 * Keeps zod from probing `eval` in the browser (issue 9, Content-Security-Policy). Zod 4 compiles fast
 * object parsers with `new Function` unless told not to, and its feature test alone (`Function('')`)
 * raises a `securitypolicyviolation` under the page policy, which has no `'unsafe-eval'`. With `jitless`
 * the browser parses with the interpreter (the payloads here are small); the server keeps the compiled
 * parsers. Imported for its side effect by instrumentation-client.ts, before any page code runs.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

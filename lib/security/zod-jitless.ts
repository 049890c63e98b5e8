/**
 * Import FIRST in any client module that builds zod schemas. zod compiles object parsers with `new Function`
 * unless told not to, and its probe for that is reported by the browser as a CSP violation (our script-src has
 * no 'unsafe-eval'). The setting is read when a schema is built, so it must run before the schemas' module body.
 *
 * Written straight into zod's global configuration (`globalThis.__zod_globalConfig`, what `z.config()` writes and
 * zod/v4/core reads, created by whichever of the two runs first) instead of calling `z.config`: importing zod here,
 * from instrumentation-client.ts, put the library (31 KB gzip, 24 KB as zod/mini and its core) into every page's
 * JavaScript, pages without a schema included. zod-jitless.test.ts checks that zod reads it.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
export {};

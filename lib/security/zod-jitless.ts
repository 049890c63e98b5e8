import { z } from "zod/mini";

/**
 * Import FIRST in any client module that builds zod schemas. zod compiles object parsers with `new Function`
 * unless told not to, and its probe for that is reported by the browser as a CSP violation (our script-src has
 * no 'unsafe-eval'). The setting is read when a schema is built, so it must run before the schemas' module body.
 * zod/mini's `config` is the one setting classic zod reads too (zod/v4/core): imported from classic zod, this line
 * (instrumentation-client.ts) put the whole classic library, 31 KB gzip, into every page's JavaScript.
 */
z.config({ jitless: true });

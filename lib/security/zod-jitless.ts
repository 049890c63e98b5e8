import { z } from "zod";

/**
 * Import FIRST in any client module that builds zod schemas. zod compiles object parsers with `new Function`
 * unless told not to, and its probe for that is reported by the browser as a CSP violation (our script-src has
 * no 'unsafe-eval'). The setting is read when a schema is built, so it must run before the schemas' module body.
 */
z.config({ jitless: true });

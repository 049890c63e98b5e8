// Runs before any of the app's client code: every zod schema the browser builds is then built without
// `new Function`, which our CSP (no 'unsafe-eval') would report as a violation. See lib/security/zod-jitless.ts.
import "@/lib/security/zod-jitless";

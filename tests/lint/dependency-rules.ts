import { createHash } from "node:crypto";
import path from "node:path";
import { cruise, type ICruiseOptions, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

/**
 * The repository's dependency-cruiser rules: dependencies run one way.
 *   app (pages, routes) → components → lib;   orchestrators (app, scripts, lib/worker) → benchmarks → platform services.
 * Tests sit outside the layer rules: a test reaches the layer it tests through that layer's own files (the upload
 * route's field parsing is tested beside lib/submissions and lib/auth), as ESLint's boundary rules allow. A
 * benchmark's `bench/` folder holds performance scripts run with tsx (entry points like scripts/bench), so it stands
 * where scripts/ stands. A benchmark's `ui/` folder is its components: it builds on the shared components.
 * The job queue (lib/queue: pg-boss, the queue's names, payload and timing) is a platform service, used by the
 * upload path that stores a job with its submission; the worker that consumes it is the orchestrator.
 * Test code (tests/, *.test.ts) is never imported by production code; only the test and bench tooling may reach it
 * (TEST_TOOLING), and a module only tests use is test code too: it lives under tests/ (`testOnly` below).
 */
const TESTS = "\\.test\\.tsx?$|^tests/";
const BENCH_SCRIPTS = "^lib/benchmarks/[^/]+/bench/";
// the test runner, the benches (they start a test database and a browser) and the dev tools: tooling around the
// tests, not code the site or the worker runs
const TEST_TOOLING = ["^scripts/test\\.ts$", "^scripts/(bench|dev)/", "^lib/benchmarks/[^/]+/bench/"];

const DEPENDENCY_RULES: IForbiddenRuleType[] = [
  { name: "no-circular", severity: "error", comment: "An import circle, type-only imports included.", from: {}, to: { circular: true } },
  {
    name: "app-on-top",
    severity: "error",
    comment: "Nothing below the pages imports app/: move the shared piece down into lib (or components).",
    from: { path: "^(components|lib)/", pathNot: [TESTS, BENCH_SCRIPTS] },
    to: { path: "^app/" },
  },
  {
    name: "scripts-on-top",
    severity: "error",
    comment: "Scripts are entry points: app, components and lib never import them.",
    from: { path: "^(app|components|lib)/", pathNot: [TESTS, BENCH_SCRIPTS] },
    to: { path: "^scripts/" },
  },
  {
    name: "components-above-lib",
    severity: "error",
    comment: "lib does not import components (a benchmark's ui/ folder is its components).",
    from: { path: "^lib/", pathNot: [TESTS, BENCH_SCRIPTS, "^lib/benchmarks/[^/]+/ui/"] },
    to: { path: "^components/" },
  },
  {
    name: "worker-on-top",
    severity: "error",
    comment: "The worker orchestrates benchmarks and services; none of them imports it (the benchmark contract lives in lib/benchmarks/types*.ts).",
    from: { path: "^(components|lib)/", pathNot: [TESTS, "^lib/worker/"] },
    to: { path: "^lib/worker/" },
  },
  {
    name: "no-benchmark-to-benchmark",
    severity: "error",
    comment: "A benchmark folder imports no other benchmark's folder: what two share belongs to the platform (e.g. lib/stats).",
    from: { path: "^lib/benchmarks/([^/]+)/" },
    to: { path: "^lib/benchmarks/[^/]+/", pathNot: "^lib/benchmarks/$1/" },
  },
  {
    name: "production-imports-no-tests",
    severity: "error",
    comment: "Production code imports no test code: fakes, oracles and fixtures live under tests/ and only tests (and test tooling) use them.",
    from: { path: "^(app|components|lib|scripts)/", pathNot: [TESTS, ...TEST_TOOLING] },
    to: { path: TESTS },
  },
];

// files Next.js loads by name: a route that only tests import is still the site's
const FRAMEWORK_ENTRY = /^app\/(.*\/)?(page|layout|route|loading|error|not-found|global-error|template|default)\.tsx?$/;
const isTest = (file: string) => new RegExp(TESTS).test(file);

/**
 * Production modules (app, components, lib, scripts) that only test code reaches: imported, directly or through
 * other such modules, by tests alone. Such a module is a test helper kept where the site's code lives; it belongs
 * under tests/. Next's entry files are the site's even when only a test imports them.
 */
function testOnlyModules(modules: readonly { source: string; dependents?: string[] }[]): string[] {
  const dependents = new Map(modules.map((m) => [m.source, m.dependents ?? []]));
  const candidates = modules.map((m) => m.source).filter((f) => /^(app|components|lib|scripts)\//.test(f) && !isTest(f) && !FRAMEWORK_ENTRY.test(f));
  const testOnly = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const file of candidates) {
      const by = dependents.get(file)!;
      if (!testOnly.has(file) && by.length > 0 && by.every((d) => isTest(d) || testOnly.has(d))) {
        testOnly.add(file);
        grew = true;
      }
    }
  }
  return [...testOnly].sort();
}

/**
 * Checks a source tree against DEPENDENCY_RULES with dependency-cruiser. `import type` counts: a type-only edge is
 * erased at build time but still ties two modules' designs together. Imports are resolved as TypeScript does (the
 * `@/` alias of tsconfig.json; without a `baseUrl` there, paths resolve from the working directory, which must then
 * be `root`). Each circle is reported once, as the files it passes through starting at the first in name order;
 * every other violation as "rule: from -> to", sorted; `testOnly` lists the production modules only tests reach.
 */
export async function checkDependencies(
  root: string,
  targets: readonly string[],
): Promise<{ cycles: string[]; violations: string[]; modules: number; unresolvedAliases: string[]; testOnly: string[] }> {
  const tsConfig = path.join(root, "tsconfig.json");
  // the cache does not compare rule sets: a folder per rule set, so a changed rule is never answered from an old run
  const rulesKey = createHash("sha256")
    .update(JSON.stringify({ DEPENDENCY_RULES, dependents: true }))
    .digest("hex")
    .slice(0, 12);
  const options: ICruiseOptions = {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: DEPENDENCY_RULES },
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "^(node_modules|\\.next|\\.data|\\.tmp|lib/generated|test-results)/" },
    tsPreCompilationDeps: true,
    // each module's importers, for testOnlyModules
    forceDeriveDependents: true,
    tsConfig: { fileName: tsConfig },
    outputType: "json",
    // keyed on each file's content: a rerun reads only what changed (a clean clone starts without it)
    cache: { folder: path.join(root, "node_modules/.cache/dependency-cruiser", rulesKey), strategy: "content" },
  };
  const reported = await cruise([...targets], options, {}, { tsConfig: extractTSConfig(tsConfig) });
  const output = (typeof reported.output === "string" ? JSON.parse(reported.output) : reported.output) as ICruiseResult;
  const cycles = new Set<string>();
  const violations = new Set<string>();
  for (const violation of output.summary.violations) {
    if (violation.rule.name !== "no-circular") {
      violations.add(`${violation.rule.name}: ${violation.from} -> ${violation.to}`);
      continue;
    }
    // the circle's files, ending with `from`; each circle is reported once per file in it: keep one rotation
    const ring = (violation.cycle ?? []).map((step) => step.name);
    const start = ring.indexOf([...ring].sort()[0]!);
    cycles.add([...ring.slice(start), ...ring.slice(0, start)].join(" -> "));
  }
  // an `@/` import it could not resolve would hide every violation through it
  const unresolvedAliases = output.modules.filter((m) => m.couldNotResolve && m.source.startsWith("@/")).map((m) => m.source);
  return {
    cycles: [...cycles].sort(),
    violations: [...violations].sort(),
    modules: output.summary.totalCruised,
    unresolvedAliases,
    testOnly: testOnlyModules(output.modules),
  };
}

import path from "node:path";
import { cruise, type ICruiseOptions, type ICruiseResult } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

/**
 * The import circles of a source tree, found by dependency-cruiser. `import type` counts: a type-only edge is
 * erased at build time but still ties two modules' designs together, and the contract (lib/benchmarks/types.ts)
 * must stay below everything that uses it. Imports are resolved as TypeScript does (the `@/` alias of
 * tsconfig.json; without a `baseUrl` there, paths resolve from the working directory, which must then be `root`).
 * Each circle is reported once, as the files it passes through starting at the first in name order.
 */
export async function importCycles(root: string, targets: readonly string[]): Promise<{ cycles: string[]; modules: number; unresolvedAliases: string[] }> {
  const tsConfig = path.join(root, "tsconfig.json");
  const options: ICruiseOptions = {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: [{ name: "no-circular", severity: "error", from: {}, to: { circular: true } }] },
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "^(node_modules|\\.next|\\.data|\\.tmp|lib/generated|test-results)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: tsConfig },
    outputType: "json",
    // keyed on each file's content: a rerun reads only what changed (a clean clone starts without it)
    cache: { folder: path.join(root, "node_modules/.cache/dependency-cruiser"), strategy: "content" },
  };
  const reported = await cruise([...targets], options, {}, { tsConfig: extractTSConfig(tsConfig) });
  const output = (typeof reported.output === "string" ? JSON.parse(reported.output) : reported.output) as ICruiseResult;
  const cycles = new Set<string>();
  for (const violation of output.summary.violations) {
    if (violation.rule.name !== "no-circular") continue;
    // the circle's files, ending with `from`; each circle is reported once per file in it: keep one rotation
    const ring = (violation.cycle ?? []).map((step) => step.name);
    const start = ring.indexOf([...ring].sort()[0]!);
    cycles.add([...ring.slice(start), ...ring.slice(0, start)].join(" -> "));
  }
  // an `@/` import it could not resolve would hide every circle through it
  const unresolvedAliases = output.modules.filter((m) => m.couldNotResolve && m.source.startsWith("@/")).map((m) => m.source);
  return { cycles: [...cycles].sort(), modules: output.summary.totalCruised, unresolvedAliases };
}

import path from "node:path";
import { cruise, type ICruiseOptions, type ICruiseResult } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

/**
 * Every file the contract reaches through its imports, type-only imports included (dependency-cruiser follows them
 * transitively from `entry`), relative to `root` and sorted; node_modules and the generated Prisma client are not
 * followed.
 */
export async function importClosure(root: string, entry: string): Promise<string[]> {
  const tsConfig = path.join(root, "tsconfig.json");
  const options: ICruiseOptions = {
    baseDir: root,
    doNotFollow: { path: "(^|/)node_modules/|^lib/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: tsConfig },
    outputType: "json",
  };
  const reported = await cruise([entry], options, {}, { tsConfig: extractTSConfig(tsConfig) });
  const output = (typeof reported.output === "string" ? JSON.parse(reported.output) : reported.output) as ICruiseResult;
  return output.modules
    .map((m) => m.source)
    .filter((source) => !source.includes("node_modules/") && !source.startsWith("lib/generated/") && !isBuiltin(source))
    .sort();
}

function isBuiltin(source: string): boolean {
  return !source.includes("/") && !source.includes(".");
}

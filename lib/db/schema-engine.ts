import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

/**
 * Prisma's schema engine, compiled to WebAssembly (@prisma/schema-engine-wasm, same engine commit as the
 * installed prisma CLI), driven through the pg driver adapter. The CLI's native schema-engine binary is
 * downloaded at first use, which cannot happen offline; the wasm build ships inside an npm package, so
 * migrations can be generated (diff) here. Only the migration author's tool uses this: runtime migration is
 * scripts/migrate.ts, plain SQL.
 */
type DiffTarget = { tag: "empty" } | { tag: "schemaDatamodel"; files: { path: string; content: string }[] };

type WasmEngine = {
  diff(params: {
    from: DiffTarget;
    to: DiffTarget;
    script: boolean;
    exitCode: boolean | null;
    filters: { externalTables: string[]; externalEnums: string[] };
  }): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
};

async function loadWasmEngine(): Promise<{ SchemaEngine: { new: (...args: unknown[]) => Promise<WasmEngine> } }> {
  const require = createRequire(import.meta.url);
  // The package exports only its entry point; its files sit beside it.
  const pkgDir = path.dirname(require.resolve("@prisma/schema-engine-wasm"));
  // The package's entry imports the .wasm as an ES module (bundler style); Node needs it instantiated by hand.
  const bg = (await import(pathToFileURL(path.join(pkgDir, "schema_engine_bg.js")).href)) as Record<string, unknown> & {
    __wbg_set_wasm: (exports: WebAssembly.Exports) => void;
  };
  const bytes = readFileSync(path.join(pkgDir, "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg as WebAssembly.ModuleImports });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return bg as unknown as { SchemaEngine: { new: (...args: unknown[]) => Promise<WasmEngine> } };
}

type SchemaFile = { path: string; content: string };

/**
 * SQL that takes a database shaped by the `from` datamodel (or an empty one) to the `to` datamodel, each given
 * as its files (a multi-file schema: lib/db/schema-files.ts). Both sides are datamodels: the wasm engine has no
 * URL targets, and introspecting through the pg adapter fails on PostgreSQL's internal "char" type, so a live
 * database cannot be a side. The adapter is required by the engine's constructor but no query is sent for a
 * datamodel-to-datamodel diff.
 */
export async function diffSchemas(options: { databaseUrl: string; to: SchemaFile[]; from: SchemaFile[] | null }): Promise<string> {
  const { SchemaEngine } = await loadWasmEngine();
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: options.databaseUrl }));
  const engine = await SchemaEngine.new({ datamodels: options.to.map((f) => [f.path, f.content]) }, () => {}, adapter);
  try {
    const result = await engine.diff({
      from: options.from === null ? { tag: "empty" } : { tag: "schemaDatamodel", files: options.from },
      to: { tag: "schemaDatamodel", files: options.to },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.stdout ?? "";
  } finally {
    engine.free();
  }
}

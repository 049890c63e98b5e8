/**
 * Splits prisma/schema.prisma into prisma/schema/{platform,alpsbench,personalllm}.prisma (Prisma's multi-file
 * schema), one file per domain, and points prisma.config.ts at the folder.
 *
 *   npx tsx scripts/dev/split-prisma-schema.ts
 *
 * Every model and enum must be in DOMAINS: an unmapped one fails the run (nothing is written), so a table added
 * meanwhile is placed on purpose. The comments above a block move with it; blocks keep their order. The
 * datasource, the generator (its output path re-based one folder deeper) and the file's header go to
 * platform.prisma. The migrations' snapshot (prisma/migrations/schema.snapshot.prisma) is rewritten as the
 * concatenation lib/db/schema-files.ts reads, which means the same schema: migrations stay unchanged. A second
 * run, when prisma/schema.prisma is gone, does nothing.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { concatSchema } from "../../lib/db/schema-files";

const ROOT = path.resolve(import.meta.dirname, "../..");
const single = path.join(ROOT, "prisma/schema.prisma");
const folder = path.join(ROOT, "prisma/schema");

const SCHEMA_DOMAINS = ["platform", "alpsbench", "personalllm"] as const;
type SchemaDomain = (typeof SCHEMA_DOMAINS)[number];

const DOMAINS: Record<SchemaDomain, string[]> = {
  platform: [
    "BenchmarkVersion",
    "Track",
    "Split",
    "EvalSplit",
    "SystemKind",
    "System",
    "SubmissionSource",
    "SubmissionStatus",
    "Visibility",
    "Submission",
    "Run",
    "MetricKind",
    "Score",
    "SplitScore",
    "ModuleItem",
    "RewardScore",
    "Role",
    "User",
    "Account",
    "Session",
    "VerificationToken",
    "ApiToken",
    "AuditLog",
    "LeaderboardVersion",
    "RateLimit",
    "ServerSecret",
    "Release",
  ],
  alpsbench: ["Instance", "InstanceGold", "PoolMemory", "InstancePool", "DatasetImport", "InstanceResult", "PredictionValue", "JudgeProfile", "JudgeCall"],
  personalllm: ["PllmEvalUser", "PllmPrompt", "PllmReportedRun", "PllmSubmission", "PllmUserResult"],
};

const HEADERS: Record<SchemaDomain, string> = {
  platform:
    "// The platform's tables: benchmarks, tracks, systems, submissions, scores, users, auth, audit, rate limits.\n// The datasource and generator live here; each benchmark's own tables are in <benchmark>.prisma beside this file.\n",
  alpsbench:
    "// AlpsBench's own tables (lib/benchmarks/alpsbench): instances and their gold, Task 3 pools, per-instance\n// results, contamination values and the LLM judge's profiles and calls.\n",
  personalllm: "// PersonalLLM's own tables (lib/benchmarks/personalllm): its users, prompts, reported runs and per-user results.\n",
};

type Block = { kind: string; name: string; text: string };

/** Top-level blocks with the comment and blank lines above each; what follows the last block joins it. */
function blocks(source: string): Block[] {
  const lines = source.split("\n");
  const out: Block[] = [];
  let pending: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(model|enum|view|type|generator|datasource)\s+(\w+)\s*\{/.exec(lines[i]!);
    if (!m) {
      pending.push(lines[i]!);
      continue;
    }
    const body = [lines[i]!];
    while (i + 1 < lines.length && lines[i]!.trim() !== "}") body.push(lines[++i]!);
    out.push({ kind: m[1]!, name: m[2]!, text: [...pending, ...body].join("\n") });
    pending = [];
  }
  if (out.length && pending.some((l) => l.trim())) out[out.length - 1]!.text += `\n${pending.join("\n")}`;
  return out;
}

function main() {
  if (!existsSync(single)) {
    console.log(existsSync(folder) ? "prisma/schema.prisma is already split into prisma/schema/: nothing to do" : "no prisma/schema.prisma");
    return;
  }
  const source = readFileSync(single, "utf8");
  const found = blocks(source);
  const domainOf = new Map(Object.entries(DOMAINS).flatMap(([domain, names]) => names.map((n) => [n, domain as SchemaDomain])));
  const unmapped = found.filter((b) => (b.kind === "model" || b.kind === "enum" || b.kind === "view" || b.kind === "type") && !domainOf.has(b.name));
  if (unmapped.length) {
    throw new Error(
      `unmapped in prisma/schema.prisma (add them to DOMAINS in scripts/dev/split-prisma-schema.ts): ${unmapped.map((b) => `${b.kind} ${b.name}`).join(", ")}`,
    );
  }
  const missing = [...domainOf.keys()].filter((n) => !found.some((b) => b.name === n));
  if (missing.length) console.log(`mapped but not in the schema (skipped): ${missing.join(", ")}`);

  const files = Object.fromEntries(SCHEMA_DOMAINS.map((d) => [d, [] as string[]])) as Record<SchemaDomain, string[]>;
  for (const b of found) {
    const domain = b.kind === "generator" || b.kind === "datasource" ? "platform" : domainOf.get(b.name)!;
    // the generator's output is relative to the file that declares it, now one folder deeper
    const text = b.kind === "generator" ? b.text.replace(/output(\s*)=(\s*)"\.\.\//, 'output$1=$2"../../') : b.text;
    files[domain].push(text.replace(/^\n+/, ""));
  }
  mkdirSync(folder, { recursive: true });
  for (const domain of SCHEMA_DOMAINS) {
    writeFileSync(path.join(folder, `${domain}.prisma`), `${HEADERS[domain]}\n${files[domain].join("\n\n")}\n`);
    console.log(`prisma/schema/${domain}.prisma: ${files[domain].length} blocks`);
  }
  rmSync(single);

  const config = path.join(ROOT, "prisma.config.ts");
  const text = readFileSync(config, "utf8");
  const next = text.replace(/schema:\s*"prisma\/schema\.prisma"/, 'schema: "prisma/schema"');
  if (next === text && !text.includes('schema: "prisma/schema"')) throw new Error('prisma.config.ts: no `schema: "prisma/schema.prisma"` to point at the folder');
  writeFileSync(config, next);

  const snapshot = path.join(ROOT, "prisma/migrations/schema.snapshot.prisma");
  if (existsSync(snapshot)) writeFileSync(snapshot, concatSchema(ROOT));
  console.log("prisma.config.ts points at prisma/schema; the migrations' snapshot is the concatenated schema");
}

main();

import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { getBenchmark } from "@/lib/benchmarks";
import type { VerifyLine } from "@/lib/packs/pack-url";
import { readPack } from "@/lib/packs/zip-pack";

/**
 * `verify <pack.zip> --data <dir>`: re-computes every figure of a reproducibility pack offline with the benchmark's
 * own scorer and prints one line per figure (published, recomputed, match or mismatch), plus one per file hash.
 * Exit 0 when every checked line matches; 1 when any mismatches (a changed file, a figure that differs). Figures
 * only the server can check (hidden test gold, noised figures) are printed as such and do not fail the run.
 */
export function register(program: Command): void {
  program
    .command("verify")
    .description("re-score a reproducibility pack (GET /api/v1/submissions/{id}/pack) offline and compare every figure with the published one")
    .argument("<pack>", "the pack's zip file")
    .requiredOption("--data <dir>", "the benchmark's data folder (for AlpsBench: packets layout or official release layout)")
    .option("--json", "print the lines as JSON")
    .action(async (file: string, options: { data: string; json?: boolean }) => {
      const lines = await verifyPackFile(file, options.data);
      if (options.json) process.stdout.write(`${JSON.stringify(lines)}\n`);
      else for (const line of lines) process.stdout.write(`${formatLine(line)}\n`);
      const failed = lines.filter((l) => l.status === "mismatch").length;
      const serverOnly = lines.filter((l) => l.status === "server-only").length;
      process.stderr.write(`${lines.filter((l) => l.status === "match").length} match, ${failed} mismatch, ${serverOnly} only the server can check\n`);
      if (failed > 0) process.exitCode = 1;
    });
}

export async function verifyPackFile(file: string, dataDir: string): Promise<VerifyLine[]> {
  const pack = readPack(new Uint8Array(readFileSync(file)));
  const benchmark = getBenchmark(pack.manifest.benchmark.id);
  if (!benchmark?.pack) throw new Error(`${file}: benchmark "${pack.manifest.benchmark.id}" has no pack verifier here`);
  return benchmark.pack.verify(pack, dataDir);
}

function formatLine(line: VerifyLine): string {
  const tag = { match: "MATCH", mismatch: "MISMATCH", "server-only": "SERVER-ONLY", info: "INFO" }[line.status];
  const figures = line.published !== undefined || line.recomputed !== undefined ? `  published ${line.published ?? "—"}  recomputed ${line.recomputed ?? "—"}` : "";
  return `${tag.padEnd(11)} ${line.label}${figures}${line.note ? `  (${line.note})` : ""}`;
}

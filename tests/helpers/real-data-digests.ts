import { createHash } from "node:crypto";
import { parse as parseCsv } from "csv-parse/sync";
import { unzipSync } from "fflate";
import { hostedBenchmarks, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { oneCallOf } from "@/lib/benchmarks/hosted-capabilities";
import { hasSplits } from "@/lib/benchmarks/module-splits";
import { TABLE_QUERY_PARAMS } from "@/lib/leaderboard/table-state";

/** One output the digest covers: its name in the digests file, its URL path, and how its bytes are reduced. */
export type DigestTarget = { name: string; path: string; kind: "json" | "csv" | "zip" };

/** A fetched output: what realDataDigests reduces. */
type Fetched = { status: number; bytes: Uint8Array };

/**
 * Every board the registry declares, in JSON and CSV: each hosted benchmark's views, on each split its boards
 * take (the table query's splits for a benchmark with its own pipeline; a one-call benchmark without splits takes
 * no `split` at all). The benchmark at "/" by its old URLs (/api/v1/leaderboards/<view>), as its pages link them.
 */
function boardTargets(): DigestTarget[] {
  const targets: DigestTarget[] = [];
  for (const benchmark of hostedBenchmarks()) {
    const oneCall = oneCallOf(benchmark);
    const splits: (string | null)[] = oneCall && !hasSplits(oneCall) ? [null] : [...TABLE_QUERY_PARAMS.split.values];
    for (const view of benchmark.views) {
      const base =
        benchmark === ROOT_BENCHMARK
          ? `/api/v1/leaderboards/${view.id === "" ? "overview" : view.id}`
          : `/api/v1/leaderboards/${benchmark.id}${view.id ? `/${view.id}` : ""}`;
      for (const split of splits) {
        const name = `board ${benchmark.id}/${view.id || "(default)"}${split ? ` ${split}` : ""}`;
        const query = split ? `split=${split}` : "";
        targets.push({ name: `${name} json`, path: query ? `${base}?${query}` : base, kind: "json" });
        targets.push({ name: `${name} csv`, path: `${base}?${query ? `${query}&` : ""}format=csv`, kind: "csv" });
      }
    }
  }
  return targets;
}

/** The snapshot of each benchmark, and the Every Eval Ever export of the benchmark at "/" (its only exporter). */
function exportTargets(): DigestTarget[] {
  return [
    ...hostedBenchmarks().map((b) => ({ name: `snapshot ${b.id}`, path: `/api/v1/snapshot?benchmark=${b.id}`, kind: "json" as const })),
    { name: `eee ${ROOT_BENCHMARK.id}`, path: "/api/v1/snapshot?format=eee", kind: "zip" },
  ];
}

/** A seed run's per-instance results (JSON and CSV) and its reproducibility pack. */
function runTargets(submissionId: string): DigestTarget[] {
  const base = `/api/v1/submissions/${encodeURIComponent(submissionId)}`;
  return [
    { name: `instances ${submissionId} json`, path: `${base}/breakdown?level=instance`, kind: "json" },
    { name: `instances ${submissionId} csv`, path: `${base}/breakdown?level=instance&format=csv`, kind: "csv" },
    { name: `pack ${submissionId}`, path: `${base}/pack`, kind: "zip" },
  ];
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** Where the committed digests live (scripts/bench/real-data-digests.ts writes them). */
export const DIGESTS_FILE = "tests/fixtures/real-data-digests.json";

export type Output = { target: DigestTarget; fetched: Fetched };

/**
 * What is left out of every output, and why (each varies from one run to the next or with what else the server holds):
 *  - rows of other tiers than the server's own (reported, rescored): uploads are "submitted" or "verified"
 *    (lib/leaderboard/tier.ts), and the e2e files that run before this one leave theirs on the boards;
 *  - what counts or ranks rows among all of them: `rank`, `total`, the overview's mean rank and its range (ranks
 *    taken among every row with a figure, uploads included: lib/leaderboard/overall-rank.ts); rows carrying a mean
 *    rank are put in row-id order, as an upload can reorder them;
 *  - moments: the snapshot's `generatedAt`, the pack's `generated_at`, `data_imported_at`, `created_at` and
 *    `finished_at`, the Every Eval Ever records' `retrieved_timestamp` and its YAML's `date:` lines, zip entry times;
 *  - the count of uploads waiting for a judge in a Task 4 board's note ("2 uploads wait for one now.": other files'
 *    uploads, lib/benchmarks/alpsbench/read/queries/view.ts);
 *  - the server's address (the port), which the exports write into their links;
 *  - the Every Eval Ever zip's checksums.sha256 (a restatement of the entries' bytes, timestamps included).
 *  - cuids (`c` and 24 letters or digits): the PersonalLLM baselines' system slugs carry their System row's id,
 *    drawn afresh at each import; each becomes <id-1>, <id-2>… in order of first appearance in the output, once the
 *    uploads' rows are gone (so an upload's id takes no number). Every other id the server's own rows carry is stable
 *    (seed-…, reported-…, system slugs, benchmark ids).
 */
const OWN_TIERS = new Set(["reported", "rescored"]);
const VARYING_FIELDS = new Set(["rank", "total", "generatedAt", "generated_at", "data_imported_at", "created_at", "finished_at", "retrieved_timestamp"]);
const UPLOADS_WAITING = / \d+ (upload waits|uploads wait) for one now\./g;
const MEAN_RANK_FIELD = /^overall:mean_rank(__ci_low|__ci_high)?$/;
const VARYING_CSV_COLUMNS = /^(rank|Rank|overall:mean_rank(__ci_low|__ci_high)?|Overall · Mean rank( 95% CI (low|high))?)$/;
const MEAN_RANK_CSV_COLUMN = /^(overall:mean_rank|Overall · Mean rank)$/;

const CUID = /\bc[a-z0-9]{24}\b/g;

/** Each cuid in `text` as its place among the distinct cuids of `text`. */
function numberedIds(text: string): string {
  const seen = new Map<string, number>();
  return text.replace(CUID, (id) => {
    if (!seen.has(id)) seen.set(id, seen.size + 1);
    return `<id-${seen.get(id)}>`;
  });
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isRecord = (v: Json | undefined): v is { [key: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);
const byRowId = (a: Json, b: Json) => String(isRecord(a) ? a.row_id : "").localeCompare(String(isRecord(b) ? b.row_id : ""));

/** A JSON output with the varying parts left out (see above), at any depth: board, snapshot, breakdown, manifest. */
function deterministicJson(value: Json): Json {
  if (Array.isArray(value)) {
    const kept = value.filter((v) => !isRecord(v) || typeof v.tier !== "string" || OWN_TIERS.has(v.tier)).map(deterministicJson);
    return kept.some((v) => isRecord(v) && Object.keys(v).some((k) => MEAN_RANK_FIELD.test(k))) ? kept.sort(byRowId) : kept;
  }
  if (typeof value === "string") return value.replace(UPLOADS_WAITING, "");
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !VARYING_FIELDS.has(key) && !MEAN_RANK_FIELD.test(key))
      .map(([key, v]) => [key, deterministicJson(v)]),
  );
}

/** A CSV download with the same parts left out: the rows of other tiers, the rank and mean-rank columns. */
function deterministicCsv(text: string): string {
  const [header = [], ...lines] = parseCsv(text, { bom: true, relaxColumnCount: true }) as string[][];
  const tier = header.findIndex((h) => h === "tier" || h === "Tier");
  const rowId = header.findIndex((h) => h === "row_id" || h === "Row id");
  const keep = header.map((h) => !VARYING_CSV_COLUMNS.test(h));
  let rows = lines.filter((line) => tier < 0 || OWN_TIERS.has(line[tier] ?? ""));
  if (header.some((h) => MEAN_RANK_CSV_COLUMN.test(h))) rows = rows.sort((a, b) => (a[rowId] ?? "").localeCompare(b[rowId] ?? ""));
  return JSON.stringify([header, ...rows].map((line) => line.filter((_, at) => keep[at])));
}

const recordTier = (record: Json): string | null => {
  const details = isRecord(record) && isRecord(record.source_metadata) ? record.source_metadata.additional_details : undefined;
  return isRecord(details) && typeof details.tier === "string" ? details.tier : null;
};
const stemOf = (name: string) => name.slice(name.lastIndexOf("/") + 1).replace(/\.json$/, "");

/** A zip (the Every Eval Ever export, a pack) as its entries' names and reduced contents, without another tier's records. */
function deterministicZip(bytes: Uint8Array, text: (entry: Uint8Array) => string): string {
  const entries = Object.entries(unzipSync(bytes)).sort(([a], [b]) => a.localeCompare(b));
  // an Every Eval Ever record of an upload, and the files named after it (its YAML, its samples)
  const foreign = entries.flatMap(([name, entry]) => {
    if (!name.endsWith(".json") || name.endsWith("manifest.json")) return [];
    const tier = recordTier(JSON.parse(text(entry)) as Json);
    return tier !== null && !OWN_TIERS.has(tier) ? [stemOf(name)] : [];
  });
  const kept = entries.filter(([name]) => !name.endsWith("checksums.sha256") && !foreign.some((stem) => name.includes(stem)));
  return JSON.stringify(
    kept.map(([name, entry]) => {
      const content = text(entry);
      if (name.endsWith(".json")) return [name, JSON.stringify(deterministicJson(JSON.parse(content) as Json))];
      if (name.endsWith(".yaml")) return [name, content.replace(/^\s*date: \d{4}-\d{2}-\d{2}\n/gm, "")];
      return [name, sha256(numberedIds(content))];
    }),
  );
}

/** Each output's digest: sha256 over its status and its deterministic content, the server's address made "<base>". */
export function realDataDigests(outputs: readonly Output[], base: string): Record<string, string> {
  const decoder = new TextDecoder();
  const text = (bytes: Uint8Array) => decoder.decode(bytes).replaceAll(base, "<base>");
  const reduce = ({ target, fetched }: Output): string => {
    if (fetched.status !== 200) return text(fetched.bytes);
    if (target.kind === "zip") return deterministicZip(fetched.bytes, text);
    if (target.kind === "csv") return deterministicCsv(text(fetched.bytes));
    return JSON.stringify(deterministicJson(JSON.parse(text(fetched.bytes)) as Json));
  };
  return Object.fromEntries(outputs.map((output) => [output.target.name, sha256(`${output.fetched.status}\n${numberedIds(reduce(output))}`)]));
}

async function fetchOne(base: string, target: DigestTarget): Promise<Output> {
  const answer = await fetch(`${base}${target.path}`);
  return { target, fetched: { status: answer.status, bytes: new Uint8Array(await answer.arrayBuffer()) } };
}

/** The seed runs whose per-instance results and pack are digested: the top re-scored row of these views, full split. */
const RUN_VIEWS = ["task1", "task3"];

/** Fetches every output one after the other (the server is the e2e lane's, shared with the other files). */
export async function fetchOutputs(base: string): Promise<Output[]> {
  const outputs: Output[] = [];
  for (const target of [...boardTargets(), ...exportTargets()]) outputs.push(await fetchOne(base, target));
  const runs = new Set<string>();
  for (const view of RUN_VIEWS) {
    const board = outputs.find((o) => o.target.name === `board ${ROOT_BENCHMARK.id}/${view} full json`);
    const rows = board?.fetched.status === 200 ? (JSON.parse(new TextDecoder().decode(board.fetched.bytes)) as { rows: Record<string, unknown>[] }).rows : [];
    const top = rows.find((r) => r.tier === "rescored" && typeof r.submission_id === "string");
    if (top) runs.add(top.submission_id as string);
  }
  for (const run of runs) for (const target of runTargets(run)) outputs.push(await fetchOne(base, target));
  return outputs;
}

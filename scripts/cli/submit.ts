import { randomUUID } from "node:crypto";
import { openAsBlob, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { Option, type Command } from "commander";
import { z } from "zod";
import { benchmarkOfDataVersion, hostedBenchmarks, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { SITE } from "@/lib/platform/site";

/**
 * `submit --server <url> --token <t> --task <track> --file <f> --model <name> [--split …] [--wait]`: uploads a
 * prediction file to a running leaderboard (POST /api/v1/submissions, multipart; the file streams from disk),
 * prints the validation summary and, with --wait, polls the submission every second until it is done,
 * printing progress on stderr and the metrics table at the end. Exits 1 when the upload is refused or the
 * scoring fails, with the server's message.
 *
 * `submit --dir <folder> …` (no --task/--file) uploads a whole run: every prediction file under the folder, in the
 * official layout (`<track>/predictions.jsonl` at any depth), in one request; the server makes one submission
 * per track, all or none, and --wait follows them all.
 *
 * `submit --benchmark personalllm --track rewards --file f.jsonl|f.csv|f.parquet …` uploads to a registered
 * benchmark module's track (--track is --task by another name); the server validates the rows with the module.
 */

type Validation = {
  format: string | null;
  gzip: boolean;
  rows?: number;
  coverage: { expected: number; valid: number; missing: number; duplicate: number; unknown: number; rejected: number };
  problems: { line: number | null; field: string | null; message: string }[];
  problemsTotal: number;
};
/** What is left of the limits (lib/submissions/upload-quota.ts); absent from servers older than it. */
type Quota = {
  uploads: { perDay: number; leftToday: number };
  test: { perDay: number; perMonth: number; leftToday: number; leftMonth: number; nextAllowedAt: string | null } | null;
};
type Accepted = { id: string; status: string; duplicate: boolean; validation?: Validation; quota?: Quota };
type RunAccepted = {
  run_id: string;
  duplicate: boolean;
  submissions: { id: string; task: string; split: string; status: string; file: string; validation?: Validation }[];
  ignored: string[];
  /** files skipped as duplicates of earlier submissions (absent from older servers) */
  skipped?: { file: string; task: string; existing: { url: string | null }; reason: string }[];
  quota?: Quota;
};

/** The quota line `submit` prints after an accepted upload: uploads and test answers left. */
export function formatQuota(quota: Quota | undefined): string | null {
  if (!quota) return null;
  const uploads = `${quota.uploads.leftToday} of ${quota.uploads.perDay} uploads left today`;
  if (!quota.test) return `quota: ${uploads}; this benchmark's test split is not limited.`;
  const { test } = quota;
  const next = test.nextAllowedAt ? `; next test answer allowed from ${test.nextAllowedAt}` : "";
  return `quota: ${uploads}; test answers: ${test.leftToday} of ${test.perDay} left today, ${test.leftMonth} of ${test.perMonth} left this month (30 days)${next}. Dev and validation uploads spend no test answer.`;
}
type Refused = {
  error: { code: string; message: string; file?: string; existing?: { url: string | null }; validation?: Validation; fields?: { field: string; message: string }[] };
};
type Metric = { value: number | null; n: number | null; ciLow: number | null; ciHigh: number | null; judgeProfile: string | null };
/** The server's account of a submission's results (lib/submissions/explain-results.ts), as GET /api/v1/submissions/{id} sends it. */
type Explanation = {
  order: number;
  label: string;
  status: string;
  figures: { metric: string; label: string; value: number | null }[];
  missing: { metrics: string[]; reason: string }[];
  notes: string[];
  board: { href: string; label: string } | null;
  /** absent from servers older than the coverage line */
  coverage?: { partial: boolean; text: string } | null;
};
export type Status = {
  id: string;
  status: string;
  failureReason: string | null;
  queuePosition?: number | null;
  progress: { done: number; total: number; judge: { done: number; cached: number; failed: number } };
  metrics: Record<string, Metric>;
  /** absent from servers older than the explanation */
  explanation?: Explanation | null;
};

const TERMINAL = new Set(["done", "failed"]);

const Options = z.object({
  server: z.url({ protocol: /^https?$/, error: "--server must be an http(s) URL" }),
  token: z.string().regex(/^abk_[A-Za-z0-9_-]{43}$/, `--token must be an API token (abk_…; see \`${SITE.cliName} token create\`)`),
  /** a track by any name its benchmark declares (else its id); read against --benchmark below */
  task: z.string().optional(),
  file: z.string().min(1).optional(),
  dir: z.string().min(1).optional(),
  model: z.string().trim().min(1, "--model is required"),
  split: z.enum(["full", "dev", "validation", "test"]),
  benchmark: z.string().min(1),
  kind: z.enum(["general_llm", "memory_system", "retrieval_baseline"]),
  organisation: z.string().optional(),
  backbone: z.string().optional(),
  paperUrl: z.string().optional(),
  codeUrl: z.string().optional(),
  openWeights: z.boolean().optional(),
  private: z.boolean().optional(),
  idempotencyKey: z.string().optional(),
  wait: z.boolean().optional(),
  timeout: z.coerce.number().positive(),
  json: z.boolean().optional(),
});
type Options = z.infer<typeof Options>;

const err = (line: string) => process.stderr.write(`${line}\n`);
const out = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function contentTypeOf(file: string): string {
  if (file.endsWith(".gz")) return "application/gzip";
  if (file.endsWith(".csv")) return "text/csv";
  if (file.endsWith(".parquet")) return "application/vnd.apache.parquet";
  if (file.endsWith(".json")) return "application/json";
  return "application/x-ndjson";
}

function printValidation(v: Validation | undefined, write: (line: string) => void): void {
  if (!v) return;
  const c = v.coverage;
  write(`validation: ${v.format ?? "unknown format"}${v.gzip ? " (gzip)" : ""}${v.rows !== undefined ? `, ${v.rows} rows` : ""}`);
  write(
    `  coverage: ${c.valid}/${c.expected} instances predicted, ${c.missing} missing (scored as empty), ${c.duplicate} duplicate, ${c.unknown} unknown id, ${c.rejected} rejected`,
  );
  if (v.problemsTotal > 0) {
    write(`  ${v.problemsTotal} problem(s)${v.problems.length < v.problemsTotal ? `; first ${v.problems.length}` : ""}:`);
    for (const p of v.problems.slice(0, 20)) write(`    ${p.line === null ? "file" : `line ${p.line}`}${p.field ? ` field ${p.field}` : ""}: ${p.message}`);
  }
}

function formatMetricsTable(metrics: Record<string, Metric>, explanation?: Explanation | null): string[] {
  // every metric the track declares (a Task 4 track without a judge has no stored figure at all), else what was stored
  const names = explanation ? explanation.figures.map((f) => f.metric) : Object.keys(metrics);
  if (names.length === 0) return ["(no metrics)"];
  const width = Math.max(...names.map((n) => n.length), 6);
  const lines = [`${"metric".padEnd(width)}  ${"value".padStart(10)}  ${"95% CI".padEnd(21)}  n`];
  for (const name of names) {
    const m = metrics[name];
    // why a value is missing follows the table (not judged, withheld, not scored): one word here would guess
    const value = m?.value === null || m?.value === undefined ? "—" : m.value.toFixed(4);
    const ci = m && m.ciLow !== null && m.ciHigh !== null ? `[${m.ciLow.toFixed(4)}, ${m.ciHigh.toFixed(4)}]` : "";
    lines.push(`${name.padEnd(width)}  ${value.padStart(10)}  ${ci.padEnd(21)}  ${m?.n ?? ""}${m?.judgeProfile ? `  (judge: ${m.judgeProfile})` : ""}`);
  }
  if (!explanation && names.some((name) => metrics[name]?.value === null)) lines.push("— : no value (this server does not say why)");
  return lines;
}

/**
 * One submission's results as `submit --wait` prints them: a heading with its status, the metrics table, then why
 * each missing figure is missing, what keeps it unranked, and the board where its row shows.
 */
export function formatResults(status: Status, server: string, heading: string | null): string[] {
  const e = status.explanation ?? null;
  const lines: string[] = [];
  if (heading !== null) lines.push(`${e?.label ?? heading}${e ? `: ${e.status}` : ""}`);
  lines.push(...formatMetricsTable(status.metrics, e));
  if (!e) return lines;
  // a partial file scores its missing instances as empty predictions: said before the reasons, where it is read
  if (e.coverage) lines.push(`  ${e.coverage.partial ? "Coverage: " : ""}${e.coverage.text}`);
  for (const m of e.missing) lines.push(`  ${m.metrics.join(", ")}: ${m.reason}`);
  for (const note of e.notes) lines.push(`  ${note}`);
  if (e.board) lines.push(`  its row: ${new URL(e.board.href, server).toString()} (${e.board.label})`);
  return lines;
}

/** Prediction files under a run folder, with their paths relative to it ("/"-separated): those the benchmark's run hook sends. */
function runFilesOf(dir: string, benchmark: string): { full: string; relative: string }[] {
  const sends = capabilitiesOf(benchmarkOfDataVersion(benchmark)).upload.runs?.sendsRunFile ?? (() => true);
  const found: { full: string; relative: string }[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const relative = path.relative(dir, full).split(path.sep).join("/");
        if (sends(relative)) found.push({ full, relative });
      }
    }
  };
  walk(dir);
  return found.sort((a, b) => a.relative.localeCompare(b.relative));
}

async function upload(options: Options): Promise<Response> {
  const form = new FormData();
  // Fields first: the server streams the file into validation, so it must be the last part.
  const fields: Record<string, string | undefined> = {
    task: options.task,
    model: options.model,
    split: options.split,
    benchmark: options.benchmark,
    kind: options.kind,
    organisation: options.organisation,
    backbone: options.backbone,
    paper_url: options.paperUrl,
    code_url: options.codeUrl,
    open_weights: options.openWeights === undefined ? undefined : String(options.openWeights),
    visibility: options.private ? "private" : "public",
  };
  // a run's split comes from its split folders unless one is chosen
  if (options.dir && options.split === "full") delete fields.split;
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  // File-backed Blobs: undici reads them from disk as it sends, so a 200 MB file is never in memory.
  if (options.dir) {
    // a run: every prediction file, named by its path in the folder (the server reads the track from it)
    for (const file of runFilesOf(options.dir, options.benchmark))
      form.append("files", await openAsBlob(file.full, { type: contentTypeOf(file.full) }), file.relative);
  } else {
    const blob = await openAsBlob(options.file!, { type: contentTypeOf(options.file!) });
    form.append("file", blob, path.basename(options.file!));
  }
  return fetch(new URL("/api/v1/submissions", options.server), {
    method: "POST",
    headers: { authorization: `Bearer ${options.token}`, "idempotency-key": options.idempotencyKey! },
    body: form,
  });
}

/** Prints a run's submissions and, with --wait, follows them all until each is done or failed. */
async function followRun(options: Options, run: RunAccepted): Promise<void> {
  const write = options.json ? err : out;
  write(`run ${run.run_id}: ${run.submissions.length} submission(s) ${new URL(`/runs/${run.run_id}`, options.server).toString()}`);
  for (const s of run.submissions) write(`  ${s.task.padEnd(15)} ${s.split.padEnd(10)} ${s.id} ${s.status}  (${s.file})`);
  if (run.ignored.length > 0) write(`  ignored: ${run.ignored.join(", ")}`);
  for (const s of run.skipped ?? []) write(`  skipped ${s.file}: ${s.reason}${s.existing.url ? ` ${new URL(s.existing.url, options.server).toString()}` : ""}`);
  const quota = formatQuota(run.quota);
  if (quota) write(quota);
  if (!options.wait) {
    if (options.json) out(JSON.stringify(run));
    return;
  }
  const deadline = Date.now() + options.timeout * 1000;
  const finished = new Map<string, Status>();
  while (finished.size < run.submissions.length) {
    for (const s of run.submissions) {
      if (finished.has(s.id)) continue;
      const status = await getStatus(options, s.id);
      if (TERMINAL.has(status.status)) {
        finished.set(s.id, status);
        err(`${s.task}: ${status.status}${status.failureReason ? ` (${status.failureReason})` : ""}`);
      }
    }
    if (finished.size < run.submissions.length) {
      if (Date.now() > deadline)
        throw new Error(`gave up waiting after ${options.timeout} s; ${run.submissions.length - finished.size} submission(s) still scoring`);
      await sleep(1000);
    }
  }
  if (options.json) out(JSON.stringify({ ...run, submissions: run.submissions.map((s) => ({ ...s, ...finished.get(s.id) })) }));
  else {
    // in the benchmark's track order, whatever order the files were uploaded in
    const ordered = [...run.submissions].sort(
      (a, b) => (finished.get(a.id)?.explanation?.order ?? 0) - (finished.get(b.id)?.explanation?.order ?? 0) || a.task.localeCompare(b.task),
    );
    for (const s of ordered) {
      out("");
      for (const line of formatResults(finished.get(s.id)!, options.server, `${s.task} (${s.split})`)) out(line);
    }
  }
  const failed = run.submissions.filter((s) => finished.get(s.id)?.status === "failed");
  if (failed.length > 0) throw new Error(`scoring failed for ${failed.map((s) => s.task).join(", ")}`);
}

async function getStatus(options: Options, id: string): Promise<Status> {
  const response = await fetch(new URL(`/api/v1/submissions/${encodeURIComponent(id)}`, options.server), { headers: { authorization: `Bearer ${options.token}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Refused | null;
    throw new Error(`GET /api/v1/submissions/${id} answered ${response.status}: ${body?.error.message ?? response.statusText}`);
  }
  return (await response.json()) as Status;
}

export function register(program: Command): void {
  const root = capabilitiesOf(ROOT_BENCHMARK);
  // the benchmarks whose tracks answer to their ids alone (`--benchmark <id> --track <id>`)
  const byId = hostedBenchmarks().filter((b) => capabilitiesOf(b).trackNaming === null);
  program
    .command("submit")
    .description("upload a prediction file to a leaderboard server and (with --wait) follow its scoring")
    .requiredOption("--server <url>", "the leaderboard's base URL, e.g. http://localhost:3000")
    .requiredOption("--token <token>", `an API token with the submit scope (\`${SITE.cliName} token create\`)`)
    .option("--task <track>", `track of the predictions (with --file): ${root.trackNaming?.knownTracks}`)
    .option("--track <track>", `the same as --task; for --benchmark ${byId.map((b) => `${b.id}: ${b.tracks.map((t) => t.id).join(", ")}`).join("; ")}`)
    .option("--file <file>", "prediction file: JSONL or a JSON array, gzip accepted (a benchmark module's track: JSONL, CSV or parquet)")
    .option("--dir <folder>", "a whole run instead of --task/--file: <track>/predictions.jsonl files at any depth (task1/, task3/d300/, task4_ability2/ …)")
    .requiredOption("--model <name>", "the system's name as the leaderboard should show it")
    .addOption(new Option("--split <split>", "instances to score on").choices(["full", "dev", "validation", "test"]).default("full"))
    .option("--benchmark <slug>", `benchmark version, or a registered benchmark (${byId.map((b) => b.id).join(", ")})`, root.dataVersions[0])
    .addOption(new Option("--kind <kind>", "kind of system").choices(["general_llm", "memory_system", "retrieval_baseline"]).default("general_llm"))
    .option("--organisation <name>", "who built the system")
    .option("--backbone <model>", "the LLM a memory system runs on")
    .option("--paper-url <url>", "paper describing the system")
    .option("--code-url <url>", "code of the system")
    .option("--open-weights", "the model's weights are public")
    .option("--private", "only you (and admins) can see the submission")
    .option("--idempotency-key <key>", "retry-safe key (default: a fresh one per run, reused on automatic retries)")
    .option("--wait", "poll until scoring finishes, then print the metrics")
    .option("--timeout <seconds>", "give up waiting after this long", "7200")
    .option("--json", "print the final submission (or the upload answer without --wait) as JSON on stdout")
    .action(async (raw: Record<string, unknown>) => {
      if (raw.track !== undefined && raw.task !== undefined && raw.track !== raw.task) throw new Error("give --track or --task, not both");
      const { track: trackAlias, ...rest } = raw;
      const parsed = Options.safeParse({ ...rest, task: rest.task ?? trackAlias, idempotencyKey: raw.idempotencyKey ?? randomUUID() });
      if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join(".") ? `--${String(i.path[0])}: ` : ""}${i.message}`).join("; "));
      const options = parsed.data;
      const hosted = benchmarkOfDataVersion(options.benchmark);
      const { trackNaming, upload: target } = capabilitiesOf(hosted);
      if (options.task !== undefined) {
        if (trackNaming) {
          // any name of a track its benchmark knows (the official harness's folder names included)
          const track = trackNaming.parseTrack(options.task);
          if (track === null) throw new Error(`--task: unknown track "${options.task}"; known: ${trackNaming.knownTracks}`);
          options.task = track;
        } else {
          if (!hosted.tracks.some((t) => t.id === options.task))
            throw new Error(`--track: ${hosted.title} has no track "${options.task}"; known: ${hosted.tracks.map((t) => t.id).join(", ")}`);
          // a one-call track takes the splits it declares ("full" alone when it declares none)
          const checked = target.track(options.task, options.split);
          if (!checked.ok) throw new Error(`--${checked.message}`);
        }
      }
      if (options.dir) {
        if (options.task || options.file) throw new Error("--dir uploads a whole run: leave out --task and --file");
        if (!statSync(options.dir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`--dir ${options.dir}: no such folder`);
        const files = runFilesOf(options.dir, options.benchmark);
        if (files.length === 0) throw new Error(`--dir ${options.dir}: no .jsonl/.json(.gz) prediction files under it`);
        err(`uploading a run of ${files.length} file(s): ${files.map((f) => f.relative).join(", ")}`);
      } else {
        if (!options.task || !options.file) throw new Error("give --task and --file (one prediction file), or --dir (a whole run)");
        const size = statSync(options.file, { throwIfNoEntry: false });
        if (!size?.isFile()) throw new Error(`--file ${options.file}: no such file`);
      }

      // Network failures are retried with the same Idempotency-Key: the server returns the first submission.
      let response: Response | undefined;
      for (let attempt = 1; ; attempt++) {
        try {
          response = await upload(options);
          break;
        } catch (error) {
          if (attempt >= 3) throw new Error(`upload to ${options.server} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
          err(`upload failed (${error instanceof Error ? error.message : String(error)}); retrying`);
          await sleep(1000 * attempt);
        }
      }
      const body = (await response.json().catch(() => null)) as Accepted | RunAccepted | Refused | null;
      if (!body || "error" in body || response.status !== 202) {
        const refused = body && "error" in body ? body.error : null;
        if (refused?.validation) printValidation(refused.validation, err);
        const where = refused?.file ? ` [${refused.file}]` : "";
        const link = refused?.existing?.url ? ` (${new URL(refused.existing.url, options.server).toString()})` : "";
        throw new Error(`refused (HTTP ${response.status}${refused ? `, ${refused.code}` : ""})${where}: ${refused?.message ?? response.statusText}${link}`);
      }
      if ("run_id" in body) return followRun(options, body);
      const accepted = body;
      const write = options.json ? err : out;
      write(`submission ${accepted.id}: ${accepted.status}${accepted.duplicate ? " (duplicate: this file or key was already submitted)" : ""}`);
      printValidation(accepted.validation, write);
      const quota = formatQuota(accepted.quota);
      if (quota) write(quota);
      if (!options.wait) {
        if (options.json) out(JSON.stringify(accepted));
        return;
      }

      const deadline = Date.now() + options.timeout * 1000;
      let last = "";
      let status: Status;
      for (;;) {
        status = await getStatus(options, accepted.id);
        const line =
          status.status === "queued"
            ? `queued${status.queuePosition ? ` (position ${status.queuePosition})` : ""}`
            : `${status.status} ${status.progress.done}/${status.progress.total}${status.progress.judge.done + status.progress.judge.cached > 0 ? `, judge ${status.progress.judge.done} calls (${status.progress.judge.cached} cached, ${status.progress.judge.failed} failed)` : ""}`;
        if (line !== last) err(line);
        last = line;
        if (TERMINAL.has(status.status)) break;
        if (Date.now() > deadline) throw new Error(`gave up waiting after ${options.timeout} s; the submission ${accepted.id} is still ${status.status}`);
        await sleep(1000);
      }
      if (status.status === "failed") throw new Error(`scoring failed: ${status.failureReason ?? "no reason given"}`);
      if (options.json) {
        out(JSON.stringify(status));
        return;
      }
      for (const line of formatResults(status, options.server, "results")) out(line);
    });
}

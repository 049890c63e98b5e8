import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { validatePredictionRow } from "@/lib/benchmarks/alpsbench/upload/validate-row";
import { TRACK_IDS, trackSlug } from "@/lib/benchmarks/alpsbench/track-ids";
import { createTokenViaCli, e2eDb, getSubmission, jsonl, runCli, uploadMultipart, waitUntilFinished, type SubmissionStatus } from "./submissions-helpers";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const SCORING_TIMEOUT_MS = 120_000;

type GoldInstance = { benchmarkId: string; split: "dev" | "validation" | "test"; gold: { memory_items: unknown[] } };

let db: Db;
let tmp: string;
const tokens = { alice: "", bob: "", admin: "", carol: "" };
// fresh users per run: uploads are deduplicated per user, and the suite may run twice on one database
const run = Date.now().toString(36);
const emails = { alice: `alice-${run}@example.org`, bob: `bob-${run}@example.org`, admin: `admin-${run}@example.org`, carol: `carol-${run}@example.org` };
let demoTask1: GoldInstance[] = [];
const byId = (split: GoldInstance["split"]) => demoTask1.filter((i) => i.split === split);
const demoFields = (model: string, extra: Record<string, string> = {}) => ({ task: "task1", model, benchmark: "demo", ...extra });

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  tmp = mkdtempSync(path.join(tmpdir(), "alpsbench-e2e-submissions-"));
  // One at a time: each command prepares (and checks the migrations of) the database.
  tokens.alice = await createTokenViaCli(databaseUrl, emails.alice);
  tokens.bob = await createTokenViaCli(databaseUrl, emails.bob);
  tokens.admin = await createTokenViaCli(databaseUrl, emails.admin, { admin: true });
  tokens.carol = await createTokenViaCli(databaseUrl, emails.carol);
  const rows = await db.instance.findMany({
    where: { benchmarkVersion: { slug: "demo" }, trackId: "task1" },
    orderBy: { benchmarkId: "asc" },
    select: { benchmarkId: true, split: true, gold: { select: { gold: true } } },
  });
  demoTask1 = rows.map((r) => ({ benchmarkId: r.benchmarkId, split: r.split, gold: r.gold!.gold as GoldInstance["gold"] }));
  expect(demoTask1.length).toBe(30);
});

afterAll(async () => {
  await db?.$disconnect();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("API tokens", () => {
  test("`token create` prints the token once and stores only its sha256 and a prefix; --admin makes an admin", async () => {
    const users = await db.user.findMany({ where: { email: { in: Object.values(emails) } }, select: { email: true, role: true } });
    expect(Object.fromEntries(users.map((u) => [u.email, u.role]))).toEqual({
      [emails.alice]: "user",
      [emails.bob]: "user",
      [emails.admin]: "admin",
      [emails.carol]: "user",
    });
    const stored = await db.apiToken.findFirstOrThrow({ where: { user: { email: emails.alice } }, omit: { tokenHash: false } });
    expect(stored.tokenHash).toBe(createHash("sha256").update(tokens.alice).digest("hex"));
    expect(stored.prefix).toBe(tokens.alice.slice(0, 12));
    expect(stored.scopes).toEqual(["submit", "read"]);
    expect(JSON.stringify(stored)).not.toContain(tokens.alice.slice(12));
  });

  test("an upload without a token is 401; a made-up or revoked token is 401 too", async () => {
    const file = jsonl([{ benchmark_id: demoTask1[0]!.benchmarkId, memory_items: [] }]);
    const anonymous = await uploadMultipart(baseUrl, { fields: demoFields("Nobody"), file });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.code).toBe("unauthorized");
    const madeUp = await uploadMultipart(baseUrl, { token: `abk_${"A".repeat(43)}`, fields: demoFields("Nobody"), file });
    expect(madeUp.status).toBe(401);
    const revokedToken = await createTokenViaCli(databaseUrl, `revoked-${run}@example.org`);
    const hash = createHash("sha256").update(revokedToken).digest("hex");
    await db.apiToken.update({ where: { tokenHash: hash }, data: { revokedAt: new Date() } });
    const revoked = await uploadMultipart(baseUrl, { token: revokedToken, fields: demoFields("Nobody"), file });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error?.message).toMatch(/not a valid, unrevoked API token/);
  });
});

let smallId = "";

describe("uploads", () => {
  let smallFile = "";
  const smallKey = randomUUID();

  test("a bad field is a 400 that names it; a field after the file is refused before anything is stored", async () => {
    const file = jsonl([{ benchmark_id: demoTask1[0]!.benchmarkId, memory_items: [] }]);
    const bad = await uploadMultipart(baseUrl, { token: tokens.alice, fields: demoFields("Bad Fields", { task: "task9", open_weights: "maybe" }), file });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toContain('field "task"');
    expect(bad.body.error?.message).toContain('field "open_weights"');
    const before = await db.submission.count();
    const late = await uploadMultipart(baseUrl, { token: tokens.alice, fields: demoFields("Late Field"), file, fieldsAfterFile: { visibility: "private" } });
    expect(late.status).toBe(400);
    expect(late.body.error?.message).toMatch(/"visibility" come after the file/);
    expect(await db.submission.count()).toBe(before);
    expect(await db.system.count({ where: { name: "Late Field" } })).toBe(0);
  });

  test("a malformed file is refused with 422, problems by line and field, and nothing is stored", async () => {
    const [first, second] = [demoTask1[0]!, demoTask1[1]!];
    const file = [
      JSON.stringify({ benchmark_id: first.benchmarkId, memory_items: [] }),
      "{ this is not json",
      JSON.stringify({ benchmark_id: second.benchmarkId, memory_items: "should be a list" }),
      "",
    ].join("\n");
    const before = { submissions: await db.submission.count(), systems: await db.system.count() };
    const refused = await uploadMultipart(baseUrl, { token: tokens.alice, fields: demoFields("Malformed Upload"), file });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.code).toBe("invalid_file");
    const problems = refused.body.error?.validation?.problems ?? [];
    expect(problems.some((p) => p.line === 2)).toBe(true);
    expect(problems.some((p) => p.line === 3 && p.field === "memory_items")).toBe(true);
    expect({ submissions: await db.submission.count(), systems: await db.system.count() }).toEqual(before);
  });

  test("an accepted upload answers 202 with its validation, and the worker scores it: done, with metrics", async () => {
    // three dev instances predicted perfectly (their gold), the rest missing (no test rows: a file with some test
    // rows must have them all, issue 11 finding 4)
    const rows = [
      ...byId("dev")
        .slice(0, 3)
        .map((i) => ({ benchmark_id: i.benchmarkId, memory_items: i.gold.memory_items })),
    ];
    smallFile = jsonl(rows);
    const accepted = await uploadMultipart(baseUrl, {
      token: tokens.alice,
      fields: demoFields("E2E Small Upload", { organisation: "E2E Lab" }),
      file: smallFile,
      idempotencyKey: smallKey,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body.duplicate).toBe(false);
    expect(accepted.body.validation?.format).toBe("jsonl");
    expect(accepted.body.validation?.coverage).toMatchObject({ expected: 30, valid: 3, missing: 27 });
    smallId = accepted.body.id!;
    const done = await waitUntilFinished(baseUrl, smallId, tokens.alice, SCORING_TIMEOUT_MS);
    expect(done.status, done.failureReason ?? "").toBe("done");
    expect(done.track).toBe("task1");
    expect(done.progress.done).toBe(done.progress.total);
    // 3 of 30 instances perfect (f1 1, algo 100), the rest 0
    expect(done.metrics.f1?.value).toBeCloseTo(0.1, 10);
    expect(done.metrics.algo_score_100?.value).toBeCloseTo(10, 8);
    expect(done.metrics.f1?.n).toBe(30);
    expect(done.metrics.f1?.ciLow).not.toBeNull();
  });

  test("a retry with the same Idempotency-Key returns the same submission; an identical re-upload is a duplicate", async () => {
    const before = await db.submission.count();
    const retry = await uploadMultipart(baseUrl, { token: tokens.alice, fields: demoFields("E2E Small Upload"), file: smallFile, idempotencyKey: smallKey });
    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({ id: smallId, duplicate: true });
    // An identical re-upload is refused (409) with a link to the original, never answered with the original as if
    // it were new.
    const again = await uploadMultipart(baseUrl, { token: tokens.alice, fields: demoFields("E2E Small Upload"), file: smallFile });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "duplicate", existing: { id: smallId, url: `/submissions/${smallId}` } });
    expect(await db.submission.count()).toBe(before);
  });

  test("instance breakdown: everyone but admins gets the dev and validation rows and a count of withheld test rows", async () => {
    type Breakdown = { rows: Record<string, unknown>[]; withheld: { test: number; reason?: string }; metrics: string[] };
    const get = async (token?: string, query = "level=instance") => {
      const response = await fetch(`${baseUrl}/api/v1/submissions/${smallId}/breakdown?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(response.status).toBe(200);
      return response;
    };
    for (const token of [undefined, tokens.alice, tokens.bob]) {
      const body = (await (await get(token)).json()) as Breakdown;
      expect(body.rows).toHaveLength(12);
      expect(body.rows.every((r) => r.split !== "test")).toBe(true);
      expect(body.withheld.test).toBe(18);
      expect(body.withheld.reason).toMatch(/test split/);
      const perfect = new Set(
        byId("dev")
          .slice(0, 3)
          .map((i) => i.benchmarkId),
      );
      for (const row of body.rows) {
        expect(row.f1, String(row.benchmark_id)).toBe(perfect.has(String(row.benchmark_id)) ? 1 : 0);
        expect(row.predicted).toBe(perfect.has(String(row.benchmark_id)));
      }
    }
    const admin = (await (await get(tokens.admin)).json()) as Breakdown;
    expect(admin.rows).toHaveLength(30);
    expect(admin.withheld.test).toBe(0);

    const csv = await get(tokens.bob, "level=instance&format=csv");
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(csv.headers.get("x-alpsbench-withheld-test")).toBe("18");
    const records = parse(await csv.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(12);
    // readable headers (the JSON keeps the metric ids)
    expect(Object.keys(records[0]!)).toEqual(expect.arrayContaining(["Benchmark id", "Split", "Predicted", "Precision", "Recall", "F1", "Score"]));
    // the board's order, Score first, whatever order the scorer stored the metrics in
    const metricHeaders = Object.keys(records[0]!).slice(4);
    expect(metricHeaders.slice(0, 4)).toEqual(["Score", "Precision", "Recall", "F1"]);

    const dimension = (await (await get(undefined, "level=dimension")).json()) as {
      groups: { dimension: string; n: number; metrics: Record<string, { mean: number | null; n: number; ciLow: number | null; ciHigh: number | null }> }[];
      withheld: { test: number };
    };
    // every mean has its 95% interval around it
    for (const g of dimension.groups)
      for (const [metric, m] of Object.entries(g.metrics)) {
        if (m.mean === null) continue;
        expect(m.ciLow, `${g.dimension} ${metric}`).not.toBeNull();
        expect(m.ciLow!).toBeLessThanOrEqual(m.mean);
        expect(m.ciHigh!).toBeGreaterThanOrEqual(m.mean);
      }
    expect(dimension.groups.reduce((sum, g) => sum + g.n, 0)).toBe(12);
    expect(dimension.withheld.test).toBe(18);
    expect(dimension.groups.every((g) => !g.dimension.includes("/"))).toBe(true);
    expect(dimension.groups[0]!.metrics).toHaveProperty("f1");
    expect(dimension.groups[0]!.metrics).not.toHaveProperty("direct_recall");
    const dimensionCsv = await get(undefined, "level=dimension&by=label&format=csv");
    // the bytes, not .text(): a UTF-8 decode drops a leading BOM
    const dimensionBytes = new Uint8Array(await dimensionCsv.arrayBuffer());
    expect([...dimensionBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const dimensionText = new TextDecoder("utf-8", { ignoreBOM: true }).decode(dimensionBytes);
    expect(dimensionText.split("\n")[0]).toMatch(/^\uFEFFTrack,Dimension,Instances,/);
    // the CSV itself states what it covers (a spreadsheet drops the response headers)
    const dimensionRows = parse(dimensionText, { bom: true, columns: true }) as Record<string, string>[];
    expect(dimensionRows.every((r) => r.Splits === "dev+validation (18 test instances withheld: hidden gold)")).toBe(true);
    expect(Object.keys(dimensionRows[0]!)).toEqual(expect.arrayContaining(["Score", "Score 95% CI low", "Score 95% CI high", "F1 95% CI low"]));

    const badLevel = await fetch(`${baseUrl}/api/v1/submissions/${smallId}/breakdown?level=session`);
    expect(badLevel.status).toBe(400);
  });

  test("a test-split submission's breakdown withholds every instance row from non-admins", async () => {
    // every test instance: a partial test file is refused (issue 11, finding 4)
    const rows = byId("test").map((i) => ({ benchmark_id: i.benchmarkId, memory_items: i.gold.memory_items }));
    const accepted = await uploadMultipart(baseUrl, { token: tokens.alice, fields: demoFields("E2E Test Split", { split: "test" }), file: jsonl(rows) });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body.validation?.coverage).toMatchObject({ expected: 18, valid: 18 });
    const id = accepted.body.id!;
    const done = await waitUntilFinished(baseUrl, id, tokens.alice, SCORING_TIMEOUT_MS);
    expect(done.status, done.failureReason ?? "").toBe("done");
    expect(done.split).toBe("test");
    expect(done.metrics.f1?.n).toBe(18);
    const owner = (await (await fetch(`${baseUrl}/api/v1/submissions/${id}/breakdown`, { headers: { authorization: `Bearer ${tokens.alice}` } })).json()) as {
      rows: unknown[];
      withheld: { test: number };
    };
    expect(owner.rows).toEqual([]);
    expect(owner.withheld.test).toBe(18);
    const admin = (await (await fetch(`${baseUrl}/api/v1/submissions/${id}/breakdown`, { headers: { authorization: `Bearer ${tokens.admin}` } })).json()) as {
      rows: { split: string }[];
    };
    expect(admin.rows).toHaveLength(18);
    expect(admin.rows.every((r) => r.split === "test")).toBe(true);
  });

  test("a private submission is 404 to everyone but its owner and admins, and listed in the queue only to them", async () => {
    const task2 = await db.instance.findFirstOrThrow({
      where: { benchmarkVersion: { slug: "demo" }, trackId: "task2", split: "dev" },
      orderBy: { benchmarkId: "asc" },
      select: { benchmarkId: true },
    });
    const accepted = await uploadMultipart(baseUrl, {
      token: tokens.alice,
      fields: { task: "task2", model: "E2E Private System", benchmark: "demo", visibility: "private" },
      file: jsonl([{ benchmark_id: task2.benchmarkId, memory_items: [] }]),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const id = accepted.body.id!;
    expect((await getSubmission(baseUrl, id)).status).toBe(404);
    expect((await getSubmission(baseUrl, id, tokens.bob)).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/v1/submissions/${id}/breakdown`, { headers: { authorization: `Bearer ${tokens.bob}` } })).status).toBe(404);
    const owner = await getSubmission(baseUrl, id, tokens.alice);
    expect(owner.status).toBe(200);
    expect((owner.body as SubmissionStatus & { validation?: unknown }).validation).toBeTruthy();
    expect((await getSubmission(baseUrl, id, tokens.admin)).status).toBe(200);
    await waitUntilFinished(baseUrl, id, tokens.alice, SCORING_TIMEOUT_MS);

    // issue 19 finding 11: a private entry's track, split and times are listed to its owner and admins only
    type Queue = { recent: { id: string | null; private: boolean; system: string | null; tracks?: string[]; runSeconds: number | null; status: string }[] };
    for (const token of [undefined, tokens.bob]) {
      const queue = await (await fetch(`${baseUrl}/api/v1/queue`, token ? { headers: { authorization: `Bearer ${token}` } } : {})).text();
      expect(queue).not.toContain(id);
      expect(queue).not.toContain("E2E Private System");
      expect((JSON.parse(queue) as Queue).recent.some((r) => r.private)).toBe(false);
    }
    const own = (await (await fetch(`${baseUrl}/api/v1/queue`, { headers: { authorization: `Bearer ${tokens.alice}` } })).json()) as Queue;
    expect(own.recent.find((r) => r.id === id)).toMatchObject({ private: true, system: "E2E Private System", tracks: ["task2"] });
    const view = (await (await fetch(`${baseUrl}/api/v1/queue`)).json()) as Queue;
    const small = view.recent.find((r) => r.system === "E2E Small Upload");
    expect(small).toMatchObject({ private: false, status: "done" });
    expect(typeof small!.runSeconds).toBe("number");
  });

  test("a raw-body upload (application/x-ndjson, fields in the query string) streams in like a multipart one", async () => {
    const rows = byId("validation")
      .slice(0, 2)
      .map((i) => ({ benchmark_id: i.benchmarkId, memory_items: i.gold.memory_items }));
    const query = new URLSearchParams({ task: "task1", model: "E2E Raw Body", benchmark: "demo", split: "validation", filename: "raw.jsonl" });
    const response = await fetch(`${baseUrl}/api/v1/submissions?${query}`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.bob}`, "content-type": "application/x-ndjson" },
      body: jsonl(rows),
    });
    const body = (await response.json()) as { id: string; validation: { coverage: { expected: number; valid: number } } };
    expect(response.status, JSON.stringify(body)).toBe(202);
    expect(body.validation.coverage).toMatchObject({ expected: 6, valid: 2 });
    const unsupported = await fetch(`${baseUrl}/api/v1/submissions?${query}`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.bob}`, "content-type": "text/csv" },
      body: "a,b",
    });
    expect(unsupported.status).toBe(415);
  });
});

describe("inputs download", () => {
  test("streams every instance's input as JSONL and never its gold (task2 test split: updated and new memories)", async () => {
    const response = await fetch(`${baseUrl}/api/v1/inputs/task2?split=test&benchmark=demo`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/x-ndjson/);
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="alpsbench-demo-task2-test-inputs.jsonl"/);
    const text = await response.text();
    const lines = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const instances = await db.instance.findMany({
      where: { benchmarkVersion: { slug: "demo" }, trackId: "task2", split: "test" },
      orderBy: { benchmarkId: "asc" },
      // the test reads gold directly, to check that none of it is in the download
      select: { benchmarkId: true, input: true, gold: { select: { gold: true } } },
    });
    expect(Number(response.headers.get("x-alpsbench-instances"))).toBe(instances.length);
    expect(lines.map((l) => l.benchmark_id)).toEqual(instances.map((i) => i.benchmarkId));
    for (const [index, line] of lines.entries()) {
      const { benchmark_id: _id, ...input } = line;
      expect(input).toEqual(instances[index]!.input);
    }
    const rawLines = text.trim().split("\n");
    let checked = 0;
    for (const [index, instance] of instances.entries()) {
      const gold = instance.gold!.gold as { memory_items: { memory_id: string; value: unknown }[] };
      expect(text).not.toContain(JSON.stringify(gold.memory_items));
      // Memories that exist only in the gold (the modified one and the added one) are not in the instance's own
      // input. (Another user may hold the same fact as an old memory: the demo draws facts from a small bank.)
      const pool = new Set(((JSON.parse(rawLines[index]!) as { memory?: { value?: unknown }[] }).memory ?? []).map((m) => JSON.stringify(m.value)));
      for (const item of gold.memory_items.filter((m) => m.memory_id.endsWith("_updated") || m.memory_id.startsWith("m_new_"))) {
        expect(rawLines[index]).not.toContain(`"${item.memory_id}"`);
        checked += 1;
        if (pool.has(JSON.stringify(item.value))) continue;
        expect(rawLines[index]).not.toContain(JSON.stringify(item.value));
      }
    }
    expect(checked).toBeGreaterThanOrEqual(instances.length);
  });

  test("unknown tracks and benchmarks are 404s; a bad split is a 400", async () => {
    expect((await fetch(`${baseUrl}/api/v1/inputs/task9`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/v1/inputs/task1?benchmark=nope`)).status).toBe(404);
    const bad = await fetch(`${baseUrl}/api/v1/inputs/task3-d100?split=train&benchmark=demo`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('"split"');
  });

  test("every track's example prediction file validates, and the server accepts it", async () => {
    for (const track of TRACK_IDS) {
      const response = await fetch(`${baseUrl}/api/v1/inputs/${trackSlug(track)}/example?benchmark=demo&split=dev&rows=3`);
      expect(response.status, track).toBe(200);
      const rows = (await response.text())
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as unknown);
      expect(rows, track).toHaveLength(3);
      for (const row of rows) expect(validatePredictionRow(track, row).ok, `${track} ${JSON.stringify(row).slice(0, 200)}`).toBe(true);
    }
    const example = await (await fetch(`${baseUrl}/api/v1/inputs/task3-d100/example?benchmark=demo&split=dev&rows=6`)).text();
    const accepted = await uploadMultipart(baseUrl, {
      token: tokens.bob,
      fields: { task: "task3-d100", model: "E2E Example File", benchmark: "demo", split: "dev" },
      file: example,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body.validation?.coverage).toMatchObject({ expected: 6, valid: 6, missing: 0 });
  });
});

describe("CLI submit", () => {
  test("uploads, follows the scoring and prints the metrics table", async () => {
    const file = path.join(tmp, "cli-upload.jsonl");
    writeFileSync(
      file,
      jsonl(
        byId("validation")
          .slice(0, 3)
          .map((i) => ({ benchmark_id: i.benchmarkId, memory_items: i.gold.memory_items })),
      ),
    );
    const result = await runCli(
      [
        "submit",
        "--server",
        baseUrl,
        "--token",
        tokens.carol,
        "--task",
        "task1",
        "--file",
        file,
        "--model",
        "E2E CLI Upload",
        "--benchmark",
        "demo",
        "--split",
        "validation",
        "--wait",
      ],
      databaseUrl,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^submission \S+: queued/m);
    expect(result.stdout).toMatch(/coverage: 3\/6 instances predicted/);
    expect(result.stdout).toMatch(/^f1\s+0\.5000\s+\[/m);
    expect(result.stdout).toMatch(/^algo_score_100\s+50\.0000/m);
    expect(result.stderr).toMatch(/done 6\/6/);
  });

  test("a refused file exits 1 with the server's message and the problems by line", async () => {
    const file = path.join(tmp, "cli-bad.jsonl");
    writeFileSync(file, `${JSON.stringify({ benchmark_id: demoTask1[0]!.benchmarkId, memory_items: [] })}\nnot json at all\n`);
    const result = await runCli(
      ["submit", "--server", baseUrl, "--token", tokens.carol, "--task", "task1", "--file", file, "--model", "E2E CLI Bad", "--benchmark", "demo"],
      databaseUrl,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/refused \(HTTP 422, invalid_file\)/);
    expect(result.stderr).toMatch(/line 2/);
  });
});

describe("CLI rescore", () => {
  test("re-queues finished uploads scored under another scorer version; the worker scores them again; old rows stay", async () => {
    const OLD = "det-0.0.0-e2e";
    expect(smallId).not.toBe("");
    // make the small upload look scored by an older scorer
    await db.$transaction([
      db.instanceResult.updateMany({ where: { submissionId: smallId }, data: { scoreVersion: OLD } }),
      db.score.updateMany({ where: { submissionId: smallId }, data: { scoreVersion: OLD } }),
      db.submission.update({ where: { id: smallId }, data: { scorerVersion: OLD } }),
    ]);
    const dry = await runCli(["rescore", "--all", "--track", "task1", "--dry-run", "--json"], databaseUrl);
    expect(dry.code, dry.stderr).toBe(0);
    expect((JSON.parse(dry.stdout) as { queued: string[] }).queued).toContain(smallId);
    expect((await db.submission.findUniqueOrThrow({ where: { id: smallId } })).status).toBe("done");

    const result = await runCli(["rescore", "--all", "--track", "task1", "--json"], databaseUrl);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { scoreVersion: string; queued: string[] };
    expect(report.scoreVersion).toBe(SCORER_VERSION);
    expect(report.queued).toContain(smallId);
    const done = await waitUntilFinished(baseUrl, smallId, tokens.alice, SCORING_TIMEOUT_MS);
    expect(done.status, done.failureReason ?? "").toBe("done");
    expect((done as SubmissionStatus & { scoreVersions: string[] }).scoreVersions).toEqual([SCORER_VERSION]);
    expect(done.metrics.f1?.value).toBeCloseTo(0.1, 10);
    const versions = await db.score.groupBy({ by: ["scoreVersion"], where: { submissionId: smallId, metric: "f1" } });
    expect(versions.map((v) => v.scoreVersion).sort()).toEqual([OLD, SCORER_VERSION].sort());

    // nothing left to re-score: a second run queues nothing
    const again = await runCli(["rescore", "--all", "--track", "task1", "--json"], databaseUrl);
    expect((JSON.parse(again.stdout) as { queued: string[] }).queued).not.toContain(smallId);
  });
});

import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createTokenViaCli, e2eDb, jsonl, uploadMultipart, waitUntilFinished } from "./submissions-helpers";

/**
 * The official prediction contract over real HTTP and the real worker (SCORING.md): official track names in the
 * `task` field, Task 4 rows `{benchmark_id, answer, used_memory_fact}`, rows written as JSON text scored as the
 * objects they hold on every line, and control characters refused at validation with line and field.
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const db = e2eDb(databaseUrl);
let token: string;
const run = Date.now().toString(36);

beforeAll(async () => {
  token = await createTokenViaCli(databaseUrl, `contract-${run}@example.org`);
});
afterAll(() => db.$disconnect());

async function devGold(track: string): Promise<{ benchmarkId: string; gold: Record<string, unknown> }[]> {
  const rows = await db.instance.findMany({
    where: { benchmarkVersion: { slug: "demo" }, trackId: track, split: "dev" },
    select: { benchmarkId: true, gold: { select: { gold: true } } },
    orderBy: { benchmarkId: "asc" },
  });
  return rows.map((r) => ({ benchmarkId: r.benchmarkId, gold: (r.gold?.gold ?? {}) as Record<string, unknown> }));
}

type Breakdown = { rows: Record<string, unknown>[] };
async function breakdown(id: string): Promise<Map<string, Record<string, unknown>>> {
  const response = await fetch(`${baseUrl}/api/v1/submissions/${id}/breakdown?level=instance`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as Breakdown;
  return new Map(body.rows.map((row) => [String(row.benchmark_id), row]));
}

describe("the official prediction contract over HTTP", () => {
  test("rows written as JSON text, on line 1 and later, are scored as the objects they hold (not as zeros), with a warning", async () => {
    const instances = await devGold("task1");
    expect(instances.length).toBeGreaterThan(2);
    const rows = instances.map((i) => ({ benchmark_id: i.benchmarkId, memory_items: i.gold.memory_items }));
    const asObjects = await uploadMultipart(baseUrl, {
      token,
      fields: { task: "task1", model: `Contract objects ${run}`, benchmark: "demo", split: "dev" },
      // all but the last row: the same rows as the text file below would be its duplicate (409), since duplicates are
      // judged on what the scorer reads, and a row written as JSON text is read as the object it holds
      file: jsonl(rows.slice(0, -1)),
    });
    expect(asObjects.status, JSON.stringify(asObjects.body)).toBe(202);
    // line 1 a JSON-encoded string, line 2 fenced JSON text inside a string, the rest objects
    const text = [
      JSON.stringify(JSON.stringify(rows[0])),
      JSON.stringify(`\`\`\`json\n${JSON.stringify(rows[1], null, 2)}\n\`\`\``),
      ...rows.slice(2).map((r) => JSON.stringify(r)),
    ].join("\n");
    const asText = await uploadMultipart(baseUrl, { token, fields: { task: "task1", model: `Contract text ${run}`, benchmark: "demo", split: "dev" }, file: text });
    expect(asText.status, JSON.stringify(asText.body)).toBe(202);
    expect(asText.body.validation?.coverage).toMatchObject({ valid: rows.length, rejected: 0 });
    expect(asText.body.validation?.problems.filter((p) => p.field === "(root)").map((p) => p.line)).toEqual([1, 2]);

    const [a, b] = [await waitUntilFinished(baseUrl, asObjects.body.id!, token, 120_000), await waitUntilFinished(baseUrl, asText.body.id!, token, 120_000)];
    expect([a.status, b.status]).toEqual(["done", "done"]);
    expect(b.metrics.f1?.value).toBe(1);
    const [objects, texts] = [await breakdown(a.id), await breakdown(b.id)];
    for (const instance of instances.slice(0, 2)) {
      expect(texts.get(instance.benchmarkId), instance.benchmarkId).toMatchObject({ predicted: true, f1: 1 });
      expect(texts.get(instance.benchmarkId)?.algo_score_100).toBe(objects.get(instance.benchmarkId)?.algo_score_100);
    }
  });

  test("a Task 4 file in the official contract, named task4_ability1, is accepted and scored", async () => {
    const instances = await devGold("task4/ability1");
    expect(instances.length).toBeGreaterThan(0);
    const rows = instances.map((i) => ({ benchmark_id: i.benchmarkId, answer: "I remember what you told me.", used_memory_fact: "a fixed answer" }));
    const answer = await uploadMultipart(baseUrl, {
      token,
      fields: { task: "task4_ability1", model: `Contract task4 ${run}`, benchmark: "demo", split: "dev" },
      file: jsonl(rows),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body.validation?.coverage).toMatchObject({ valid: rows.length, missing: 0, rejected: 0 });
    expect(answer.body.validation?.problems).toEqual([]);
    const done = await waitUntilFinished(baseUrl, answer.body.id!, token, 120_000);
    expect(done).toMatchObject({ status: "done", track: "task4/ability1" });
    const stored = await db.instanceResult.findMany({ where: { submissionId: done.id, scoreVersion: { startsWith: "det-" } }, select: { detail: true } });
    expect(stored.length).toBe(rows.length);
    for (const row of stored) expect(row.detail).toMatchObject({ responses: 1 });
  });

  test("inputs and example files answer to the official track names too", async () => {
    for (const name of ["task3_d300", "task4_ability5"]) {
      const response = await fetch(`${baseUrl}/api/v1/inputs/${name}/example?benchmark=demo&split=dev&rows=2`);
      expect(response.status, name).toBe(200);
      const rows = (await response.text())
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(Object.keys(rows[0]!).sort(), name).toEqual(
        name.startsWith("task4") ? ["answer", "benchmark_id", "used_memory_fact"] : ["answer", "benchmark_id", "reason", "selected_memory_id"],
      );
    }
  });

  test("a task3_d300 file is accepted under the official name", async () => {
    const instances = await devGold("task3/d300");
    const rows = instances.map((i) => ({ benchmark_id: i.benchmarkId, answer: "a", reason: "r", selected_memory_id: String(i.gold.selected_memory_id) }));
    const answer = await uploadMultipart(baseUrl, {
      token,
      fields: { task: "task3_d300", model: `Contract task3 ${run}`, benchmark: "demo", split: "dev" },
      file: jsonl(rows),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const done = await waitUntilFinished(baseUrl, answer.body.id!, token, 120_000);
    expect(done).toMatchObject({ status: "done", track: "task3/d300" });
    expect(done.metrics.recall?.value).toBe(1);
  });

  test("a NUL (\\u0000) in a prediction string is refused at validation with line and field; nothing is stored", async () => {
    const instances = await devGold("task1");
    const rows: unknown[] = instances.map((i) => ({ benchmark_id: i.benchmarkId, memory_items: i.gold.memory_items }));
    rows[1] = { benchmark_id: instances[1]!.benchmarkId, memory_items: [{ type: "direct", label: "Preferences/Food", value: "tea\u0000", confidence: 0.5 }] };
    const before = await db.submission.count();
    const answer = await uploadMultipart(baseUrl, {
      token,
      fields: { task: "task1", model: `Contract NUL ${run}`, benchmark: "demo", split: "dev" },
      file: jsonl(rows),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error?.message).toMatch(/^Line 2 is not a valid task1 row \(memory_items\[0\]\.value: contains the character U\+0000 \(NUL\)/);
    expect(answer.body.error?.validation?.problems[0]).toMatchObject({ line: 2, field: "memory_items[0].value" });
    expect(await db.submission.count()).toBe(before);
  });
});

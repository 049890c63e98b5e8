import { parse } from "csv-parse/sync";
import { describe, expect, inject, test } from "vitest";

const baseUrl = inject("baseUrl");

describe("read API over HTTP", () => {
  test("GET /api/v1/leaderboards/task1 answers JSON rows with columns and reported provenance", async () => {
    const response = await fetch(`${baseUrl}/api/v1/leaderboards/task1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await response.json()) as { leaderboard: string; columns: { id: string }[]; rows: Record<string, unknown>[] };
    expect(body.leaderboard).toBe("task1");
    expect(body.columns.map((c) => c.id)).toEqual(expect.arrayContaining(["precision", "recall", "f1", "algo_score_100", "judge_score"]));
    const reported = body.rows.filter((r) => r.tier === "reported");
    expect(reported.length).toBeGreaterThanOrEqual(7);
    for (const row of reported) expect(row.source_url).toMatch(/^https:\/\//);
    // rows come ranked by the default metric, nulls last
    const scores = body.rows.map((r) => r.algo_score_100).filter((v): v is number => typeof v === "number");
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test("?format=csv returns the same rows as CSV", async () => {
    const [json, csv] = await Promise.all([
      fetch(`${baseUrl}/api/v1/leaderboards/task3`).then((r) => r.json() as Promise<{ rows: Record<string, unknown>[]; columns: { id: string; header: string }[] }>),
      fetch(`${baseUrl}/api/v1/leaderboards/task3?format=csv`),
    ]);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="alpsbench-task3-/);
    const records = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    // the CSV is for people (readable headers); the JSON keeps the ids and names each column's CSV header
    expect(records.map((r) => r.System)).toEqual(json.rows.map((r) => r.system));
    const first = json.rows[0]!;
    const header = json.columns.find((c) => c.id === "task3/d100:judge_recall")?.header;
    expect(header, "the JSON names the CSV header of task3/d100:judge_recall").toBeDefined();
    // a judge column's CSV header also names its one judge profile: "<header> [judge: …]"
    const csvHeader = Object.keys(records[0]!).find((k) => k === header || k.startsWith(`${header} [judge: `));
    expect(csvHeader, `a CSV column for ${header}`).toBeDefined();
    expect(Number(records[0]![csvHeader!])).toBe(first["task3/d100:judge_recall"]);
  });

  test("an unknown query parameter is a 400 naming it, not silently ignored (include=private, limit=, a misspelt key)", async () => {
    for (const [url, name] of [
      ["/api/v1/leaderboards/task1?include=private", "include"],
      ["/api/v1/leaderboards/overview?limit=10&format=csv", "limit"],
      ["/api/v1/leaderboards/task1?sortt=f1", "sortt"],
      ["/api/v1/leaderboards/personalllm?limit=5", "limit"],
      ["/api/v1/leaderboards/personalllm/selection?include=private", "include"],
      ["/api/v1/leaderboards/personalllm?format=charts&include=private", "include"],
    ] as const) {
      const response = await fetch(`${baseUrl}${url}`);
      expect(response.status, url).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code, url).toBe("bad_request");
      expect(body.error.message, url).toContain(`unknown query parameter "${name}"`);
      expect(body.error.message, url).toMatch(/Known: .*sort/);
    }
    // every known key still answers (a module view's own setting filters: tests/e2e/personalllm.test.ts)
    expect((await fetch(`${baseUrl}/api/v1/leaderboards/task1?sort=f1&dir=asc&ci=1&all=1&format=json`)).status).toBe(200);
  });

  test("an unknown leaderboard is a 404 that lists the known ones; a bad format is a 400", async () => {
    const missing = await fetch(`${baseUrl}/api/v1/leaderboards/task9`);
    expect(missing.status).toBe(404);
    const body = (await missing.json()) as { error: { message: string } };
    expect(body.error.message).toContain("task3-d1000");
    const bad = await fetch(`${baseUrl}/api/v1/leaderboards/task1?format=xml`);
    expect(bad.status).toBe(400);
  });
});

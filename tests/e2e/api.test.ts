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
      fetch(`${baseUrl}/api/v1/leaderboards/task3`).then(
        (r) => r.json() as Promise<{ rows: Record<string, unknown>[]; columns: { id: string; header: string; decimals: number }[] }>,
      ),
      fetch(`${baseUrl}/api/v1/leaderboards/task3?format=csv`),
    ]);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="alpsbench-task3-/);
    const records = parse(await csv.text(), { bom: true, columns: true }) as Record<string, string>[];
    // the CSV is for people (readable headers); the JSON keeps the ids and names each column's CSV header
    expect(records.map((r) => r.System)).toEqual(json.rows.map((r) => r.system));
    const first = json.rows[0]!;
    const column = json.columns.find((c) => c.id === "task3/d100:reported");
    expect(column, "the JSON names the CSV header of task3/d100:reported").toBeDefined();
    // the CSV rounds to the column's decimals (as the page shows it); the JSON has two more digits
    expect(Object.keys(records[0]!)).toContain(column!.header);
    const figure = records[0]![column!.header]!;
    expect(figure.split(".")[1]?.length).toBe(column!.decimals);
    expect(Math.abs(Number(figure) - (first["task3/d100:reported"] as number))).toBeLessThanOrEqual(0.51 * 10 ** -column!.decimals);
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

  test("every hosted benchmark answers at /api/v1/leaderboards/<benchmark>[/<view>]; AlpsBench's old URLs give the same rows", async () => {
    const get = async (path: string) => {
      const response = await fetch(`${baseUrl}${path}`);
      return {
        status: response.status,
        body: (await response.json()) as { leaderboard?: string; benchmark?: string; rows?: unknown[]; error?: { message: string } },
      };
    };
    const [overview, root, task1, rootTask1, named] = await Promise.all([
      get("/api/v1/leaderboards/overview"),
      get("/api/v1/leaderboards/alpsbench"),
      get("/api/v1/leaderboards/task1"),
      get("/api/v1/leaderboards/alpsbench/task1"),
      get("/api/v1/leaderboards/alpsbench/task1?benchmark=alpsbench"),
    ]);
    for (const answer of [overview, root, task1, rootTask1, named]) expect(answer.status).toBe(200);
    expect(root.body).toMatchObject({ leaderboard: "overview", benchmark: "alpsbench-v1", rows: overview.body.rows });
    expect(rootTask1.body).toMatchObject({ leaderboard: "task1", rows: task1.body.rows });
    expect(named.body).toMatchObject({ benchmark: "alpsbench-v1", rows: task1.body.rows });
    expect(task1.body.rows!.length).toBeGreaterThan(0);
    // the module's default view by its id, as before
    expect((await get("/api/v1/leaderboards/personalllm")).status).toBe(200);
    for (const [path, message] of [
      ["/api/v1/leaderboards/alpsbench/task9", 'Unknown leaderboard "task9"'],
      ["/api/v1/leaderboards/alpsbench/__proto__", 'Unknown leaderboard "__proto__"'],
      ["/api/v1/leaderboards/nobench/task1", 'Unknown benchmark "nobench"'],
    ] as const) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.body.error?.message, path).toContain(message);
    }
  });

  test("snapshot and inputs downloads dispatch by benchmark: benchmark=alpsbench is the default data version; a module serves no inputs here", async () => {
    const [plain, named] = await Promise.all([
      fetch(`${baseUrl}/api/v1/snapshot`).then(async (r) => ({ status: r.status, body: (await r.json()) as { snapshot: { benchmark: string }; views: unknown } })),
      fetch(`${baseUrl}/api/v1/snapshot?benchmark=alpsbench`).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { snapshot: { benchmark: string }; views: unknown },
      })),
    ]);
    expect([plain.status, named.status]).toEqual([200, 200]);
    expect(named.body.snapshot.benchmark).toBe("alpsbench-v1");
    expect(named.body.views).toEqual(plain.body.views);
    const [byVersion, byId] = await Promise.all([
      fetch(`${baseUrl}/api/v1/inputs/task1/example?benchmark=demo&rows=2`),
      fetch(`${baseUrl}/api/v1/inputs/task1/example?benchmark=alpsbench&rows=2`),
    ]);
    expect(byVersion.status).toBe(200);
    expect((await byVersion.text()).trim().split("\n")).toHaveLength(2);
    const defaultVersion = await fetch(`${baseUrl}/api/v1/inputs/task1/example?rows=2`);
    expect(byId.status).toBe(defaultVersion.status);
    expect(await byId.text()).toBe(await defaultVersion.text());
    // the dispatch trims the name as the benchmark's own reading does (" personalllm" went to AlpsBench before)
    const spaced = (await (await fetch(`${baseUrl}/api/v1/snapshot?benchmark=%20personalllm`)).json()) as { snapshot: { benchmark: string } };
    expect(spaced.snapshot.benchmark).toBe("personalllm");
    // one benchmark per download: the dispatch and the benchmark's own reading must not see different ones
    const repeated = await fetch(`${baseUrl}/api/v1/inputs/task1?benchmark=demo&benchmark=alpsbench`);
    expect(repeated.status).toBe(400);
    expect(((await repeated.json()) as { error: { message: string } }).error.message).toContain("benchmark given more than once");
    const module = await fetch(`${baseUrl}/api/v1/inputs/rewards?benchmark=personalllm`);
    expect(module.status).toBe(404);
    expect(((await module.json()) as { error: { message: string } }).error.message).toContain("PersonalLLM serves no inputs here");
  });

  test("the About page and /api-docs list every hosted benchmark from its declaration", async () => {
    const [about, docs] = await Promise.all([fetch(`${baseUrl}/about`).then((r) => r.text()), fetch(`${baseUrl}/api-docs`).then((r) => r.text())]);
    for (const id of ["alpsbench", "personalllm"]) {
      expect(about).toContain(`id="about-${id}"`);
      expect(docs).toContain(`data-benchmark="${id}"`);
    }
    expect(about).toMatch(/id="about-alpsbench"[\s\S]*?ODC-BY/);
    expect(docs).toContain("/alpsbench/task3");
  });

  test("/api-docs and /api/v1/openapi.json list the same routes, from the zod schemas", async () => {
    const [docs, response] = await Promise.all([fetch(`${baseUrl}/api-docs`).then((r) => r.text()), fetch(`${baseUrl}/api/v1/openapi.json`)]);
    expect(response.status).toBe(200);
    const openapi = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(openapi.openapi).toBe("3.1.0");
    const routes = Object.entries(openapi.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(routes).toContain("POST /api/v1/submissions");
    for (const route of routes) expect(docs).toContain(`data-api-route="${route}"`);
    // each group's page documents its routes in full: an upload field of the schema the upload route parses with
    const submitting = await fetch(`${baseUrl}/api-docs/submitting`);
    expect(submitting.status).toBe(200);
    const submittingDocs = await submitting.text();
    expect(submittingDocs).toContain('data-api-route="POST /api/v1/submissions"');
    expect(submittingDocs).toContain(">publish_predictions<");
    expect((await fetch(`${baseUrl}/api-docs/no-such-group`)).status).toBe(404);
  });

  test("/benchmarks/alpsbench is AlpsBench's own page by the common form; the page reads benchmark=alpsbench like the API", async () => {
    for (const [path, location] of [
      ["/benchmarks/alpsbench", "/"],
      ["/benchmarks/alpsbench/task1?split=test", "/tasks/task1?split=test"],
      ["/benchmarks/alpsbench/overview", "/"],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, { redirect: "manual" });
      expect(response.status, path).toBeGreaterThanOrEqual(300);
      expect(response.status, path).toBeLessThan(400);
      expect(new URL(response.headers.get("location")!, baseUrl).pathname + new URL(response.headers.get("location")!, baseUrl).search, path).toBe(location);
    }
    expect((await fetch(`${baseUrl}/benchmarks/alpsbench/task3-d300`)).status).toBe(404);
    const rowsOf = (html: string) => (html.match(/data-row-id=/g) ?? []).length;
    const [plain, named] = await Promise.all([
      fetch(`${baseUrl}/tasks/task1`).then((r) => r.text()),
      fetch(`${baseUrl}/tasks/task1?benchmark=alpsbench`).then((r) => r.text()),
    ]);
    expect(rowsOf(plain)).toBeGreaterThan(0);
    expect(rowsOf(named)).toBe(rowsOf(plain));
  });
});

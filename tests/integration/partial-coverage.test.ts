import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { NextRequest } from "next/server";
import { createApiToken } from "@/lib/auth/api-token";
import { createPrismaClient } from "@/lib/db/create-client";
import { getRunPage } from "@/lib/db/queries/run-page";
import { formatResults, type Status } from "@/scripts/cli/submit";
import { acceptedCoverage } from "@/components/upload-form/refusal";
import { parse } from "csv-parse/sync";
import { IDENTITY_HEADERS } from "@/lib/leaderboard/to-table";
import { scoreToEnd } from "./upload-helpers";

// the route's modules guard against a client bundle with "server-only"; vitest is no bundler
vi.mock("server-only", () => ({}));

/**
 * Issue 29 #1 through the real routes: a Task 3 file of 3 rows is accepted (202), and every place a submitter reads
 * its result says it covered 3 of the track's instances: the form's reading of the 202 answer, the submission API's
 * explanation (the submission page and `submit --wait` read it), the run page, and the board's row (JSON and CSV).
 */
const db = createPrismaClient(inject("databaseUrl"));
const SYSTEM = `Partial Coverage ${Date.now().toString(36)}`;
let token = "";
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
let upload: (request: Request) => Promise<Response>;
let getSubmission: Handler;
let getBoard: Handler;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  const ownerId = (await db.user.create({ data: { email: `partial-${Date.now()}@example.org` } })).id;
  token = (await createApiToken(db, ownerId, { name: "partial", scopes: ["submit", "read"] })).token;
  upload = ((await import("@/app/api/v1/submissions/route")) as unknown as { POST: typeof upload }).POST;
  getSubmission = ((await import("@/app/api/v1/submissions/[id]/route")) as unknown as { GET: Handler }).GET;
  getBoard = ((await import("@/app/api/v1/leaderboards/[view]/route")) as unknown as { GET: Handler }).GET;
});
afterAll(() => db.$disconnect());

describe("a partial file says its coverage where people look", () => {
  test("3 rows of a Task 3 track: the answer, the submission API, the run page and the board row say covered 3 of N", async () => {
    const ids = (
      await db.instance.findMany({
        where: { benchmarkVersion: { slug: "demo" }, trackId: "task3/d100", split: "dev" },
        select: { benchmarkId: true },
        orderBy: { benchmarkId: "asc" },
      })
    ).map((i) => i.benchmarkId);
    const expected = ids.length;
    expect(expected).toBeGreaterThan(3);
    const text = ids
      .slice(0, 3)
      .map((id) => JSON.stringify({ benchmark_id: id, answer: "a", reason: "r" }))
      .join("\n");
    const form = new FormData();
    for (const [name, value] of Object.entries({ benchmark: "demo", task: "task3_d100", split: "dev", model: SYSTEM, kind: "general_llm" }))
      form.append(name, value);
    form.append("file", new Blob([text]), "predictions.jsonl");
    const answer = await upload(new Request("http://127.0.0.1/api/v1/submissions", { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } }));
    expect(answer.status).toBe(202);
    const accepted = (await answer.json()) as { id: string };
    const partial = `covered 3 of ${expected} instances; ${expected - 3} had no prediction row and score as empty predictions`;
    expect(acceptedCoverage(accepted)).toBe(partial);

    await scoreToEnd(db, accepted.id);
    expect((await db.submission.findUniqueOrThrow({ where: { id: accepted.id } })).status).toBe("done");

    const status = await getSubmission(new NextRequest(`http://127.0.0.1/api/v1/submissions/${accepted.id}`, { headers: { authorization: `Bearer ${token}` } }), {
      params: Promise.resolve({ id: accepted.id }),
    });
    const body = (await status.json()) as Status & { coverage: unknown };
    expect(body.coverage).toEqual({ covered: 3, expected });
    expect(body.explanation?.coverage).toMatchObject({ partial: true, text: partial });
    expect(formatResults(body, "http://127.0.0.1", "task3/d100").join("\n")).toContain(`Coverage: ${partial}`);

    const submission = await db.submission.findUniqueOrThrow({ where: { id: accepted.id }, select: { runId: true, ownerId: true } });
    if (submission.runId) {
      const run = await getRunPage(db, submission.runId, { id: submission.ownerId!, role: "user" }, { judgeConfigured: false, rewardServiceConfigured: false });
      expect(run!.submissions[0]!.explanation.coverage?.text).toBe(partial);
    }

    const board = (format: string) =>
      getBoard(new NextRequest(`http://127.0.0.1/api/v1/leaderboards/task3-d100?benchmark=demo&split=dev&format=${format}&q=${encodeURIComponent(SYSTEM)}`), {
        params: Promise.resolve({ view: "task3-d100" }),
      });
    const json = (await (await board("json")).json()) as { rows: Record<string, unknown>[] };
    const row = json.rows.find((r) => r.system === SYSTEM);
    expect(row).toMatchObject({ covered_instances: 3, expected_instances: expected });
    const csv = parse(await (await board("csv")).text(), { columns: true, bom: true }) as Record<string, string>[];
    expect(csv.find((r) => r.System === SYSTEM)).toMatchObject({
      [IDENTITY_HEADERS.covered_instances!]: "3",
      [IDENTITY_HEADERS.expected_instances!]: String(expected),
    });
  });
});

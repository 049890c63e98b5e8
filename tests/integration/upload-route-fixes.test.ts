import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import { createPrismaClient } from "@/lib/db/create-client";

// the route's modules guard against a client bundle with "server-only"; vitest is no bundler
vi.mock("server-only", () => ({}));

/**
 * Issue 29 #2 through the real upload route (POST /api/v1/submissions, its handler called with a Request as Next
 * calls it, a real token, the real database): two common mistakes, each refused with the fix named, nothing stored.
 */
const db = createPrismaClient(inject("databaseUrl"));
let token = "";
let ownerId = "";
let POST: (request: Request) => Promise<Response>;

const idsOf = async (trackId: string) =>
  (await db.instance.findMany({ where: { benchmarkVersion: { slug: "demo" }, trackId }, select: { benchmarkId: true }, orderBy: { benchmarkId: "asc" } })).map(
    (i) => i.benchmarkId,
  );

async function upload(fields: Record<string, string>, text: string): Promise<{ status: number; body: { error?: { message: string } } }> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ benchmark: "demo", model: "Route Fix Test", kind: "general_llm", ...fields })) form.append(name, value);
  form.append("file", new Blob([text]), "predictions.jsonl");
  const response = await POST(new Request("http://127.0.0.1/api/v1/submissions", { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } }));
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  ownerId = (await db.user.create({ data: { email: `route-fix-${Date.now()}@example.org` } })).id;
  token = (await createApiToken(db, ownerId, { name: "route fixes", scopes: ["submit", "read"] })).token;
  ({ POST } = (await import("@/app/api/v1/submissions/route")) as unknown as { POST: typeof POST });
});
afterAll(() => db.$disconnect());

describe("the upload route names the fix", () => {
  test("a Task 1 file sent as task2: its ids are Task 1's, send task=task1", async () => {
    const ids = await idsOf("task1");
    const task2 = new Set(await idsOf("task2"));
    const own = ids.filter((id) => !task2.has(id));
    expect(own.length).toBeGreaterThan(0);
    const text = own.map((id) => JSON.stringify({ benchmark_id: id, memory_items: [] })).join("\n");
    const answer = await upload({ task: "task2" }, text);
    expect(answer.status).toBe(422);
    expect(answer.body.error!.message).toMatch(/name benchmark ids that are not in task2/);
    expect(answer.body.error!.message).toMatch(/Those ids are Task 1's \(task1\), not task2's: send the file with task=task1\./);
    expect(await db.submission.count({ where: { ownerId } })).toBe(0);
  });

  test("a PersonalLLM row sent to AlpsBench: it is a PersonalLLM row, send benchmark=personalllm", async () => {
    const text = [0, 1, 2].map((id) => JSON.stringify({ person_id: String(id), score_a: 0.1 })).join("\n");
    const answer = await upload({ task: "task1" }, text);
    expect(answer.status).toBe(422);
    expect(answer.body.error!.message).toMatch(/unknown keys "person_id", "score_a"/);
    expect(answer.body.error!.message).toMatch(
      /Its rows' keys are those of PersonalLLM's rewards track \(person_id names a PersonalLLM user, whose rows carry reward scores\): send it with benchmark=personalllm and task=rewards/,
    );
    expect(await db.submission.count({ where: { ownerId } })).toBe(0);
  });
});

describe("review pass #6: a row given as JSON text with deep nesting inside", () => {
  test("is a 422 naming its line and field, nothing stored (it was a RangeError and a 500)", async () => {
    const [id] = await idsOf("task1");
    const inner = `{"benchmark_id":${JSON.stringify(id)},"memory_items":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
    const answer = await upload({ task: "task1" }, `${JSON.stringify(inner)}\n`);
    expect(answer.status).toBe(422);
    expect(answer.body.error!.message).toMatch(/^Line 1 /);
    expect(answer.body.error!.message).toMatch(/memory_items: nested more than 64 levels deep/);
    expect(await db.submission.count({ where: { ownerId } })).toBe(0);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { zipFolder } from "../zip-folder";
import { createTokenViaCli, e2eDb, jsonl, uploadMultipart, waitUntilFinished } from "./submissions-helpers";

// Issue 10 part 2 (runs) and part 3 (duplicate content), issue 11 findings 6, 7 and 10 (form fields), over real HTTP.
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const tag = Date.now().toString(36);
let db: Db;
let tmp: string;
let token = "";
let otherToken = "";
const ids: Record<string, string[]> = {};

type RunAnswer = {
  run_id?: string;
  submissions?: { id: string; task: string; status: string; file: string }[];
  error?: {
    code: string;
    message: string;
    file?: string;
    existing?: { id: string | null; url: string | null };
    fields?: { field: string }[];
    validation?: { problems: { line: number | null; field: string | null }[] };
  };
};

async function post(body: BodyInit, headers: Record<string, string>, query = ""): Promise<{ status: number; body: RunAnswer }> {
  const response = await fetch(`${baseUrl}/api/v1/submissions${query}`, { method: "POST", headers, body });
  return { status: response.status, body: (await response.json()) as RunAnswer };
}

function runForm(fields: Record<string, string>, files: [name: string, bytes: Uint8Array | string][]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes] of files) form.append("files", new Blob([typeof bytes === "string" ? bytes : Buffer.from(bytes)]), name);
  return form;
}

const memory = (value: string) => [{ memory_id: "m1", type: "direct", label: "Personal_Background/Pets", value, confidence: 0.8 }];
const task1File = (value: string) => jsonl(ids.task1!.map((id) => ({ benchmark_id: id, memory_items: memory(value) })));
// a guessed id (not null): a test-split file of empty predictions is refused (lib/submissions/test-coverage.ts)
const task3File = () => jsonl(ids["task3/d100"]!.map((id) => ({ benchmark_id: id, answer: "x", reason: tag, selected_memory_id: "guess" })));

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  tmp = mkdtempSync(path.join(tmpdir(), "alpsbench-e2e-runs-"));
  token = await createTokenViaCli(databaseUrl, `runner-${tag}@example.org`);
  otherToken = await createTokenViaCli(databaseUrl, `copier-${tag}@example.org`);
  for (const track of ["task1", "task3/d100"]) {
    ids[track] = (
      await db.instance.findMany({ where: { benchmarkVersion: { slug: "demo" }, trackId: track }, orderBy: { benchmarkId: "asc" }, select: { benchmarkId: true } })
    ).map((i) => i.benchmarkId);
  }
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("runs over HTTP", () => {
  let zip: Uint8Array;
  let runId = "";

  test("a zipped run folder becomes one submission per track, scored, with {run_id, submissions: [{id, task, status}]}", async () => {
    const folder = path.join(tmp, "run");
    mkdirSync(path.join(folder, "benchmark_data/dev/task1"), { recursive: true });
    mkdirSync(path.join(folder, "task3_d100"), { recursive: true });
    // the dev folder restricts task1 to the dev split: keep only dev ids there
    const devIds = new Set(
      (await db.instance.findMany({ where: { benchmarkVersion: { slug: "demo" }, trackId: "task1", split: "dev" }, select: { benchmarkId: true } })).map(
        (i) => i.benchmarkId,
      ),
    );
    writeFileSync(
      path.join(folder, "benchmark_data/dev/task1/predictions.jsonl"),
      jsonl([...devIds].map((id) => ({ benchmark_id: id, memory_items: memory(`run ${tag}`) }))),
    );
    writeFileSync(path.join(folder, "task3_d100/predictions.jsonl"), task3File());
    writeFileSync(path.join(folder, "README.md"), "how this run was made");
    zip = zipFolder(folder, "predictions");

    const answer = await post(runForm({ model: `Run model ${tag}`, benchmark: "demo" }, [["predictions.zip", zip]]), { authorization: `Bearer ${token}` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    runId = answer.body.run_id!;
    expect(runId).toBeTruthy();
    expect(answer.body.submissions!.map((s) => [s.task, s.status])).toEqual([
      ["task1", "queued"],
      ["task3/d100", "queued"],
    ]);
    const stored = await db.submission.findMany({ where: { runId }, select: { split: true, tracks: true } });
    expect(stored.map((s) => [s.tracks[0], s.split]).sort()).toEqual([
      ["task1", "dev"],
      ["task3/d100", "full"],
    ]);
    for (const s of answer.body.submissions!) expect((await waitUntilFinished(baseUrl, s.id, token, 120_000)).status).toBe("done");
    const page = await fetch(`${baseUrl}/runs/${runId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Task 1 · Memory extraction");
    expect(html).toContain("Task 3 · Retrieval, 100 distractors");
    expect(html.match(/data-status="done"/g)).toHaveLength(2);
    const system = await db.submission.findFirstOrThrow({ where: { runId }, select: { system: { select: { slug: true } } } });
    const systemPage = await (await fetch(`${baseUrl}/systems/${system.system.slug}`)).text();
    expect(systemPage).toContain(`data-run-id="${runId}"`);
  }, 300_000);

  test("the same run from another user, as .tar.gz with keys reordered, is a 409 naming the first", async () => {
    const tarStream = await import("tar-stream");
    const pack = tarStream.pack();
    const reordered = ids["task3/d100"]!.map((id) => `{"selected_memory_id": "guess",  "reason": "${tag}", "answer": "x", "benchmark_id": "${id}"}`).join("\r\n");
    pack.entry({ name: "out/task3/d100/predictions.jsonl" }, reordered);
    pack.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    const answer = await post(
      gzipSync(Buffer.concat(chunks)),
      { authorization: `Bearer ${otherToken}`, "content-type": "application/gzip" },
      `?model=Copy&benchmark=demo&filename=run.tar.gz`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    const first = await db.submission.findFirstOrThrow({ where: { runId, tracks: { has: "task3/d100" } }, select: { id: true } });
    expect(answer.body.error).toMatchObject({
      code: "duplicate",
      file: "out/task3/d100/predictions.jsonl",
      existing: { id: first.id, url: `/submissions/${first.id}` },
    });
  });

  test("one bad file refuses the whole run with file, line and field; nothing is stored", async () => {
    const before = await db.submission.count();
    const bad = jsonl([
      { benchmark_id: ids.task1![0], memory_items: memory("ok") },
      { benchmark_id: ids.task1![1], memory_items: "nope" },
    ]);
    const answer = await post(
      runForm({ model: `Bad run ${tag}`, benchmark: "demo" }, [
        ["task3_d100.jsonl", task3File().replace(/"x"/g, '"y"')],
        ["task1/predictions.jsonl", bad],
      ]),
      { authorization: `Bearer ${token}` },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error?.file).toBe("task1/predictions.jsonl");
    expect(answer.body.error?.validation?.problems[0]).toMatchObject({ line: 2, field: "memory_items" });
    expect(await db.submission.count()).toBe(before);
  });

  test("a zip-slip archive is refused with 400", async () => {
    const { zipSync } = await import("fflate");
    const evil = zipSync({ "../task1/predictions.jsonl": new TextEncoder().encode("{}") });
    const answer = await post(runForm({ model: `Evil ${tag}`, benchmark: "demo" }, [["evil.zip", evil]]), { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toMatch(/\.\./);
  });
});

describe("duplicates under concurrency (issue 11 finding 7)", () => {
  test("10 parallel uploads of one file make one submission; the other 9 are 409 with its link", async () => {
    const file = task1File(`burst ${tag}`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        uploadMultipart(baseUrl, { token: i % 2 ? token : otherToken, fields: { task: "task1", benchmark: "demo", model: `Burst ${i}` }, file }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 202);
    expect(accepted, JSON.stringify(answers.map((a) => a.status))).toHaveLength(1);
    const conflicts = answers.filter((a) => a.status === 409);
    expect(conflicts).toHaveLength(9);
    for (const c of conflicts) expect(c.body.error?.existing?.id).toBe(accepted[0]!.body.id);
    // gzip and whitespace change nothing
    const gz = await post(
      gzipSync(file.replace(/\n/g, "\n\n  ")),
      { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
      "?task=task1&model=Gz&benchmark=demo",
    );
    expect(gz.status).toBe(409);
  }, 120_000);
});

describe("form fields (issue 11 findings 6 and 10)", () => {
  const file = () => task1File(`fields ${tag} ${Math.random()}`);

  test.each([
    ["model", { model: "bad\u0000name" }],
    ["description", { model: "ok", description: "nul \u0000 here" }],
    ["model", { model: "bell\u0007" }],
  ])("a control character in %s answers 400 naming the field", async (field, extra) => {
    const answer = await uploadMultipart(baseUrl, { token, fields: { task: "task1", benchmark: "demo", ...extra }, file: file() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error?.fields?.[0]?.field).toBe(field);
  });

  test("a NUL in the file name answers 400", async () => {
    const answer = await uploadMultipart(baseUrl, { token, fields: { task: "task1", benchmark: "demo", model: "ok" }, file: file(), fileName: "a\u0000b.jsonl" });
    expect(answer.status).toBe(400);
    // busboy already refuses the part header (seen: "Malformed multipart body: a part has a malformed header");
    // other control characters reach the route's own check, which names the field "filename"
    expect(answer.body.error?.message).toMatch(/filename|malformed header/);
  });

  test("an invalid UTF-8 model name is refused, not stored as U+FFFD", async () => {
    const boundary = "b0undary";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="task"\r\n\r\ntask1\r\n--${boundary}\r\nContent-Disposition: form-data; name="benchmark"\r\n\r\ndemo\r\n`,
      ),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\n`),
      Buffer.from([0x4d, 0xff, 0xfe, 0x4d]),
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jsonl"\r\n\r\n${file()}\r\n--${boundary}--\r\n`),
    ]);
    const answer = await post(body, { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields?.[0]).toMatchObject({ field: "model" });
  });

  test.each(["__proto__", "toString", "constructor"])(
    "a raw-body upload's query parameter named %s is an unknown field (it was accepted silently)",
    async (name) => {
      const answer = await post(
        file(),
        { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
        `?task=task1&benchmark=demo&model=ok&${name}=x`,
      );
      expect(answer.status).toBe(400);
      // an unknown field to the route, or refused by the server before Next's query parser drops the key
      expect(answer.body.error?.message).toMatch(new RegExp(`unknown field|"${name}" is not accepted`));
    },
  );

  test.each(["__proto__", "toString", "constructor"])("a field named %s is an unknown field, not 'given twice'", async (name) => {
    const answer = await uploadMultipart(baseUrl, { token, fields: { task: "task1", benchmark: "demo", model: "ok", [name]: "x" }, file: file() });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toContain("unknown field");
    expect(answer.body.error?.message).not.toContain("given twice");
  });
});

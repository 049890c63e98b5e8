import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { NextRequest } from "next/server";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { knownInputsSizes } from "@/lib/benchmarks/alpsbench/http/inputs-sizes";
import { inputsSizeKey } from "@/lib/benchmarks/alpsbench/http/inputs-size-key";
import { TRACK_IDS, trackSlug, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

// the route's modules guard against a client bundle with "server-only"; vitest is no bundler
vi.mock("server-only", () => ({}));

/**
 * Issue 29 #5: Task 3's compact inputs (`/api/v1/inputs/<track>.compact.jsonl.gz`), through the real route on the
 * seeded demo data version: expanded it is exactly the full form's lines; it holds no field, string or number the full
 * form lacks and numbers memories by their text alone; a bad ending is a 4xx naming the forms. The sizes the inputs
 * links show are the files' and bodies' real sizes once known, and unknown (never built by the page) before.
 */
const db = createPrismaClient(inject("databaseUrl"));
const cacheDir = mkdtempSync(path.join(os.tmpdir(), "inputs-compact-"));
process.env.DOWNLOAD_CACHE_DIR = cacheDir;
type Handler = (request: NextRequest, context: { params: Promise<{ track: string }> }) => Promise<Response>;
let GET: Handler;
beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  GET = ((await import("@/app/api/v1/inputs/[track]/route")) as unknown as { GET: Handler }).GET;
});
afterAll(async () => {
  await db.$disconnect();
  rmSync(cacheDir, { recursive: true, force: true });
});

const get = (name: string, query = "benchmark=demo") =>
  GET(new NextRequest(`http://127.0.0.1/api/v1/inputs/${encodeURIComponent(name)}?${query}`), { params: Promise.resolve({ track: name }) });
const TASK3 = TRACK_IDS.filter((t) => t.startsWith("task3/"));
type Row = Record<string, unknown>;

/** The expansion docs/api.md gives (its Node snippet), written here independently of the server's builder. */
function expand(compactText: string): string[] {
  const memories = new Map<number, Row>();
  const out: string[] = [];
  for (const line of compactText.split("\n").filter(Boolean)) {
    const { memory_ref, candidate_refs, ...row } = JSON.parse(line) as Row & { memory_ref?: number; candidate_refs?: [string, number][] };
    if (memory_ref !== undefined) memories.set(memory_ref, row);
    else out.push(JSON.stringify({ ...row, candidate_memories: candidate_refs!.map(([id, ref]) => ({ ...memories.get(ref), memory_id: id })) }));
  }
  return out;
}

/** Every key, string and number anywhere in a JSON value. */
function leaves(value: unknown, into = { keys: new Set<string>(), strings: new Set<string>(), numbers: new Set<number>() }) {
  if (typeof value === "string") into.strings.add(value);
  else if (typeof value === "number") into.numbers.add(value);
  else if (Array.isArray(value)) for (const item of value) leaves(item, into);
  else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) {
      into.keys.add(key);
      leaves(item, into);
    }
  return into;
}

describe("compact Task 3 inputs", () => {
  test.each(TASK3.flatMap((track) => [null, "test"].map((split) => [track, split] as const)))(
    "%s (%s split): expanded, exactly the full form's lines; nothing the full form lacks; refs by text alone",
    async (track: TrackId, split: string | null) => {
      const query = `benchmark=demo${split ? `&split=${split}` : ""}`;
      const full = await get(trackSlug(track), query);
      expect(full.status).toBe(200);
      const fullText = await full.text();
      const fullLines = fullText.split("\n").filter(Boolean);
      expect(fullLines.length).toBeGreaterThan(0);

      const compact = await get(`${trackSlug(track)}.compact.jsonl.gz`, query);
      expect(compact.status).toBe(200);
      expect(compact.headers.get("content-type")).toBe("application/gzip");
      expect(compact.headers.get("content-disposition")).toMatch(new RegExp(`-${split ?? "full"}-inputs\\.compact\\.jsonl\\.gz"$`));
      expect(compact.headers.get("x-alpsbench-instances")).toBe(String(fullLines.length));
      const bytes = Buffer.from(await compact.arrayBuffer());
      expect(Number(compact.headers.get("content-length"))).toBe(bytes.length);
      const compactText = gunzipSync(bytes).toString("utf8");
      expect(expand(compactText)).toEqual(fullLines);

      const fullRows = fullLines.map((line) => JSON.parse(line) as Row);
      const lines = compactText
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Row);
      const memoryLines = lines.filter((l) => "memory_ref" in l);
      const instanceLines = lines.filter((l) => !("memory_ref" in l));
      // the memories first, each once, numbered 0… in the sorted order of their JSON text (a function of the text only)
      expect(lines.slice(0, memoryLines.length)).toEqual(memoryLines);
      const texts = memoryLines.map(({ memory_ref: _ref, ...memory }) => JSON.stringify(memory));
      expect(memoryLines.map((m) => m.memory_ref)).toEqual(texts.map((_, i) => i));
      expect(texts).toEqual([...texts].sort());
      const distinct = new Set(fullRows.flatMap((r) => (r.candidate_memories as Row[]).map(({ memory_id: _id, ...memory }) => JSON.stringify(memory))));
      expect(new Set(texts)).toEqual(distinct);
      // a memory line holds a candidate's fields but its id; an instance line the full row's but its list
      for (const memory of memoryLines) expect(Object.keys(memory).sort()).toEqual(["label", "memory_ref", "value"]);
      for (const [i, line] of instanceLines.entries()) {
        expect(Object.keys(line)).toEqual([...Object.keys(fullRows[i]!).filter((k) => k !== "candidate_memories"), "candidate_refs"]);
      }
      // no key, string or number the full form lacks (refs aside): no owner, session, storage id or gold
      const inFull = leaves(fullRows);
      const inCompact = leaves(instanceLines.map(({ candidate_refs: _refs, ...rest }) => rest));
      leaves(
        memoryLines.map(({ memory_ref: _ref, ...memory }) => memory),
        inCompact,
      );
      for (const pairs of instanceLines.map((l) => l.candidate_refs as [string, number][])) for (const [id] of pairs) inCompact.strings.add(id);
      for (const key of inCompact.keys) expect(inFull.keys.has(key), key).toBe(true);
      for (const text of inCompact.strings) expect(inFull.strings.has(text), text).toBe(true);
      for (const n of inCompact.numbers) expect(inFull.numbers.has(n), String(n)).toBe(true);
      // the stored rows' own columns that the full form does not show are not in the file either
      const instances = await db.instance.findMany({
        where: { benchmarkVersion: { slug: "demo" }, trackId: track, ...(split ? { split: "test" as const } : {}) },
        select: { id: true, sessionId: true },
      });
      expect(instances.length).toBe(fullLines.length);
      for (const instance of instances) {
        expect(compactText).not.toContain(instance.id);
        if (instance.sessionId && !fullText.includes(instance.sessionId)) expect(compactText).not.toContain(instance.sessionId);
      }
    },
  );

  test("the compact d1000 file is smaller than the gzip of the full lines", async () => {
    const gz = await get("task3-d1000.jsonl.gz");
    const compact = await get("task3-d1000.compact.jsonl.gz");
    expect([gz.status, compact.status]).toEqual([200, 200]);
    expect(Number(compact.headers.get("content-length"))).toBeLessThan(Number(gz.headers.get("content-length")));
  });

  test("a bad ending is a 400 naming the forms; the compact form of another task a 404 saying which have one", async () => {
    for (const name of ["task3-d300.xml", "task3-d300.compact.jsonl", "task3-d300.jsonl"]) {
      const response = await get(name);
      expect(response.status, name).toBe(400);
      const message = ((await response.json()) as { error: { message: string } }).error.message;
      expect(message, name).toContain("unknown inputs format");
      expect(message, name).toContain("task3-d300.compact.jsonl.gz");
    }
    const task1 = await get("task1.compact.jsonl.gz");
    expect(task1.status).toBe(404);
    expect(((await task1.json()) as { error: { message: string } }).error.message).toContain("only Task 3 tracks");
    expect((await get("task9.compact.jsonl.gz")).status).toBe(404);
    expect((await get("task3-d300.compact.jsonl.gz", "benchmark=demo&split=train")).status).toBe(400);
  });
});

describe("sizes beside the inputs links", () => {
  test("unknown until built or sent whole, and never built by asking; then the real sizes, on /submit's links", async () => {
    // a cache without the files the first tests built
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir);
    const track: TrackId = "task3/d300";
    const before = await knownInputsSizes(db, "demo", [track]);
    expect(before[inputsSizeKey(track, null)]).toEqual({ plain: null, gzip: null, compact: null });
    expect(before[inputsSizeKey(track, "dev")]).toEqual({ plain: null, gzip: null, compact: null });
    expect(readdirSync(cacheDir, { recursive: true }).filter((f) => String(f).endsWith(".gz"))).toEqual([]);

    const plain = Buffer.byteLength(await (await get("task3-d300")).text());
    const dev = Buffer.byteLength(await (await get("task3-d300", "benchmark=demo&split=dev")).text());
    const gzip = Number((await get("task3-d300.jsonl.gz")).headers.get("content-length"));
    const compact = Number((await get("task3-d300.compact.jsonl.gz")).headers.get("content-length"));
    const after = await knownInputsSizes(db, "demo", [track, "task1"]);
    expect(after[inputsSizeKey(track, null)]).toEqual({ plain, gzip, compact });
    expect(after[inputsSizeKey(track, "dev")]).toEqual({ plain: dev, gzip: null, compact: null });
    expect(after[inputsSizeKey("task1", null)]).toEqual({ plain: null, gzip: null, compact: null });

    // /submit's inputs box: the demo's (no real data in this database), with these sizes beside their links
    const { alpsBenchSubmitInputs } = await import("@/lib/benchmarks/alpsbench/ui/submit/submit-inputs");
    const html = renderToStaticMarkup(createElement(Fragment, null, await alpsBenchSubmitInputs(db)));
    const mb = (bytes: number) => (bytes < 1e6 ? `${(bytes / 1e3).toFixed(0)} KB` : `${(bytes / 1e6).toFixed(1)} MB`);
    const row = html.slice(html.indexOf(`href="/api/v1/inputs/task3-d300?`), html.indexOf(`href="/api/v1/inputs/task3-d500?`));
    expect(row).toContain(`task3-d300.compact.jsonl.gz?benchmark=demo`);
    for (const bytes of [plain, dev, gzip, compact]) expect(row).toContain(`(${mb(bytes)})`);
    expect(row).toContain("(size unknown)");
    expect(html).toContain("not built yet");
    expect(html).toContain("candidate_refs");
  });
});

import { createElement, Fragment } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { pipelineSections } from "@/app/submissions/[id]/_components/pipeline-sections";
import { registerBenchmark } from "@/lib/benchmarks";
import { benchmarkOfDataVersion, dataVersionLabel } from "@/lib/benchmarks";
import { createPrismaClient } from "@/lib/db/create-client";
import { getSubmissionStatus } from "@/lib/db/queries/submission-status";
import { uploadFactsOf } from "@/lib/submissions/upload-facts";
import { createSubmission } from "@/lib/submissions/create-submission";
import { pipelineBenchmark } from "../fixtures/pipeline-benchmark";
import { bytes, runQueuedToEnd } from "./upload-helpers";

/**
 * /submissions/<id> of a pipeline benchmark the platform has never heard of (registered at run time, two tracks,
 * the second declaring a metric the first has not): the page's pipeline part shows the upload's figures under its
 * own track titles and metric labels, at the decimals they declare, names its data version by its title, and
 * adds none of AlpsBench's sections (breakdown downloads, per-instance list) nor its per-instance reads.
 */
const db = createPrismaClient(inject("databaseUrl"));
const benchmark = pipelineBenchmark("page-test", ["alpha", "beta"]);
let unregister: () => void;
let ownerId: string;

async function html(...nodes: unknown[]): Promise<string> {
  const stream = await renderToReadableStream(createElement(Fragment, null, ...(nodes as never[])));
  await stream.allReady;
  return new Response(stream).text();
}

beforeAll(async () => {
  unregister = registerBenchmark(benchmark);
  ownerId = (await db.user.create({ data: { email: `page-test-${Date.now()}@example.org` } })).id;
  await db.benchmarkVersion.upsert({
    where: { slug: "page-test-v1" },
    create: { slug: "page-test-v1", name: "Page test", description: "test", source: "test" },
    update: {},
  });
  for (const [position, track] of benchmark.tracks.entries()) {
    await db.track.upsert({ where: { id: track.id }, create: { id: track.id, task: benchmark.id, label: track.title, position: 3200 + position }, update: {} });
  }
});
afterAll(async () => {
  unregister();
  await db.$disconnect();
});

describe("the submission page of a second pipeline benchmark", () => {
  test("shows its tracks' declared metrics and figures, and no AlpsBench section", async () => {
    const created = await createSubmission(db, {
      ownerId,
      track: "beta",
      split: "full",
      benchmark: benchmark.id,
      system: { name: "Page system", kind: "general_llm" },
      fileName: "beta.jsonl",
      body: bytes([1, 2, 9].map((value) => JSON.stringify({ value })).join("\n") + "\n"),
    });
    if (!created.ok) throw new Error(created.message);
    await runQueuedToEnd(db, created.id);

    const viewer = { id: ownerId, role: "user" as const };
    const submission = await getSubmissionStatus(db, created.id, viewer);
    expect(submission).toMatchObject({ status: "done", benchmark: "page-test-v1", tracks: ["page-test/beta"] });
    const facts = await uploadFactsOf(db, submission!, viewer);
    const sections = await pipelineSections(db, { ...submission!, facts }, viewer, new URLSearchParams("track=page-test%2Fbeta&page=2"));
    expect(sections).not.toBeNull();
    const page = await html(sections!.notices, sections!.results, sections!.details);

    // one table, captioned with the track's label, one row per declared metric at its declared decimals
    const tables = page.match(/<table[\s\S]*?<\/table>/g) ?? [];
    expect(tables).toHaveLength(1);
    expect(tables[0]).toContain("<caption");
    expect(tables[0]).toMatch(/<caption[^>]*>Pipe test · Echo beta<\/caption>/);
    // the body's rows (the rows carry no class since the table is styled by its own: app/globals.css .metrics-table)
    const body = /<tbody[\s\S]*?<\/tbody>/.exec(tables[0]!)?.[0] ?? "";
    const rows = [...body.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map((m) =>
      [...m[1]!.matchAll(/<(?:th|td)[^>]*>([\s\S]*?)<\/(?:th|td)>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "").trim()),
    );
    expect(rows.map((cells) => cells.slice(0, 2))).toEqual([
      ["Mean", "4.00"],
      ["Largest", "9.0"],
    ]);
    // nothing of AlpsBench's: no breakdown downloads, pack, per-instance list or dimension means
    for (const absent of ["Download the breakdown", "/breakdown?", "Reproducibility pack", "instances-title", "dimension"]) expect(page).not.toContain(absent);

    // its data version by the benchmark's title; AlpsBench's by theirs
    expect(dataVersionLabel("page-test-v1")).toBe("Pipe test");
    expect([dataVersionLabel("alpsbench-v1"), dataVersionLabel("demo")]).toEqual(["AlpsBench", "Demo (synthetic)"]);
    // no per-instance reads: the routes answer 404 for its uploads
    expect(benchmarkOfDataVersion("page-test-v1").submissionReads).toBeUndefined();
  });

  test("an upload not yet scored shows no metric tables", async () => {
    const created = await createSubmission(db, {
      ownerId,
      track: "alpha",
      split: "full",
      benchmark: benchmark.id,
      system: { name: "Page system", kind: "general_llm" },
      fileName: "alpha.jsonl",
      body: bytes(`${JSON.stringify({ value: 3 })}\n`),
    });
    if (!created.ok) throw new Error(created.message);
    const submission = await getSubmissionStatus(db, created.id, null);
    const sections = await pipelineSections(db, { ...submission!, facts: await uploadFactsOf(db, submission!, null) }, null, new URLSearchParams());
    expect(await html(sections!.notices, sections!.results, sections!.details)).toBe("");
  });
});

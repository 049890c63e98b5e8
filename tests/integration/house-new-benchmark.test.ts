import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { ROOT_BENCHMARK, registerBenchmark } from "@/lib/benchmarks";
import { siteNavigation } from "@/lib/benchmarks/navigation";
import { createPrismaClient } from "@/lib/db/create-client";
import { seed } from "@/lib/db/seed";
import { createSubmission } from "@/lib/submissions/create-submission";
import { navItemsFor } from "@/components/site-nav";
import { pipelineBenchmark } from "../fixtures/pipeline-benchmark";
import { thirdBenchmark } from "../fixtures/third-benchmark";
import { bytes } from "./upload-helpers";

/**
 * docs/adding-a-benchmark.md for a toy module and a toy pipeline benchmark (the fixtures): their folders and the one
 * registration line pass the lint as written, and once registered (registerBenchmark: what the line in BUILT_IN
 * adds to the registry every reader goes through) their pages get their own nav and the pipeline benchmark its
 * data version at start-up, with no other file changed.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const db = createPrismaClient(inject("databaseUrl"));
// ids no real benchmark would take: a benchmark a newcomer calls "toypipe" must not collide with this test
const toyModule = thirdBenchmark("house-test-module");
const toyPipe = pipelineBenchmark("house-test-pipe", ["echo", "loud"]);
let unregister: (() => void)[] = [];

beforeAll(() => {
  unregister = [registerBenchmark(toyModule), registerBenchmark(toyPipe)];
});
afterAll(async () => {
  for (const undo of unregister) undo();
  await db.$disconnect();
});

describe("a new benchmark is one folder and one registration line", () => {
  test("the folders and the registration line, written as the guide says, pass ESLint (no vocabulary or boundary refusal)", async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const index = readFileSync(path.join(ROOT, "lib/benchmarks/index.ts"), "utf8");
    // the one list: a registration is an import and an entry in it
    const list = /const BUILT_IN: readonly Benchmark\[\] = \[([^\]]*)\];/.exec(index);
    expect(list, "lib/benchmarks/index.ts keeps its one BUILT_IN list").not.toBeNull();
    const registered = index
      .replace(list![0], `const BUILT_IN: readonly Benchmark[] = [${list![1]}, toyModule, toyPipe];`)
      .replace(/^/, 'import { toyModule } from "./house-test-module";\nimport { toyPipe } from "./house-test-pipe";\n');
    const files: [string, string][] = [
      ["lib/benchmarks/index.ts", registered],
      ["lib/benchmarks/house-test-module/index.ts", readFileSync(path.join(ROOT, "tests/fixtures/third-benchmark.ts"), "utf8")],
      ["lib/benchmarks/house-test-pipe/index.ts", readFileSync(path.join(ROOT, "tests/fixtures/pipeline-benchmark.ts"), "utf8")],
    ];
    for (const [file, code] of files) {
      const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
      expect(result!.messages.map((m) => `${file}:${m.line} ${m.message} (${m.ruleId})`)).toEqual([]);
    }
  }, 120_000);

  test("the toy pipeline benchmark's pages show its own nav, not the root benchmark's; so do the toy module's", () => {
    const { root, others } = siteNavigation();
    for (const [id, expected] of [
      ["house-test-pipe", ["Pipe test", "Echo loud", "Submit"]],
      ["house-test-module", ["Submit"]],
    ] as const) {
      for (const page of [`/benchmarks/${id}`, `/benchmarks/${id}/x`]) {
        const items = navItemsFor(page, root, others);
        // a way back to "/", then its own links: none of the root benchmark's (its task tabs) but the home link
        expect(items[0]).toMatchObject({ href: "/", label: ROOT_BENCHMARK.title });
        const rootHrefs = new Set(root.items.map((i) => i.href).filter((href) => href !== "/"));
        expect(
          items.filter((i) => rootHrefs.has(i.href)).map((i) => i.href),
          page,
        ).toEqual([]);
        expect(items.map((i) => i.label)).toEqual(expect.arrayContaining([...expected]));
        expect(items.map((i) => i.href)).toContain(`/submit?benchmark=${id}`);
      }
    }
  });

  test("the start-up seed gives the toy pipeline benchmark its data version and tracks: an upload is taken with nothing else written", async () => {
    const ownerId = (await db.user.create({ data: { email: `house-${Date.now()}@example.org` } })).id;
    const report = await seed(db);
    expect(report.find((r) => r.benchmark === "house-test-pipe")).toEqual({ benchmark: "house-test-pipe", seeded: ["1 data versions", "2 tracks"] });
    expect(await db.benchmarkVersion.findUnique({ where: { slug: "house-test-pipe-v1" }, select: { source: true } })).toEqual({
      source: "pipeline:house-test-pipe",
    });
    expect(await db.track.count({ where: { task: "house-test-pipe" } })).toBe(2);
    // a second start writes nothing new
    expect((await seed(db)).find((r) => r.benchmark === "house-test-pipe")?.seeded).toEqual(["0 data versions", "0 tracks"]);
    const created = await createSubmission(db, {
      ownerId,
      track: "loud",
      split: "full",
      benchmark: "house-test-pipe",
      system: { name: "House toy system", kind: "general_llm" },
      fileName: "p.jsonl",
      body: bytes('{"value": 1}\n{"value": 2}\n'),
    });
    expect(created).toMatchObject({ ok: true, status: "queued" });
  }, 120_000);
});

import { writeFileSync } from "node:fs";
import path from "node:path";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildAlpsBenchPack } from "@/lib/benchmarks/alpsbench/pack/build-pack";
import type { Db } from "@/lib/db/create-client";
import { writePack } from "@/lib/packs/zip-pack";
import { verifyPackFile } from "@/scripts/cli/verify";
import { runCli } from "../e2e/submissions-helpers";
import { hasSharedData, requireSharedData, SHARED_DATA_DIR } from "../shared-data";
import { realDataVersion } from "./real-data-version";
import { scratchDir } from "@/tests/helpers/scratch-dir";

/**
 * The re-scored rows of the real data (the seven models' released Task 1 outputs, and the server's reference
 * baselines on Tasks 1-3), each packed as GET …/pack serves it and verified offline against the data folder:
 * every figure and interval digit for digit; a changed prediction file is reported by its sha256. The rows are the
 * ones the import made (seedPacketsRescored, seedReferenceBaselines), on a copy of the real data of this file's own
 * (realDataVersion).
 */
let db: Db;
let databaseUrl = "";
let dispose = async () => {};
const dir = scratchDir("alpsbench-packs-");
const ids: string[] = [];

beforeAll(async () => {
  if (!hasSharedData) return;
  let benchmarkVersionId: string;
  ({ db, url: databaseUrl, benchmarkVersionId, dispose } = await realDataVersion());
  const rows = await db.submission.findMany({
    where: { benchmarkVersionId, OR: [{ id: { startsWith: "seed-packets-" } }, { id: { startsWith: "seed-baseline-" } }] },
    select: { id: true },
    // "seed-packets-" after "seed-baseline-": descending puts the re-scored outputs first, whose Task 1 prediction
    // file the tampering test below edits
    orderBy: { id: "desc" },
  });
  ids.push(...rows.map((r) => r.id));
}, 900_000);
afterAll(() => dispose());

async function packFile(id: string): Promise<string> {
  const built = await buildAlpsBenchPack(db, id);
  expect(built, id).not.toBeNull();
  const file = path.join(dir, `${id}.zip`);
  writeFileSync(file, writePack(built!.manifest, built!.entries));
  return file;
}

describe.runIf(requireSharedData)("reproducibility packs of the re-scored rows (real data)", () => {
  test("every figure of every re-scored row's pack is recomputed offline to the last digit, intervals included", async () => {
    expect(ids.length).toBeGreaterThanOrEqual(7 + 4);
    const devTracks = new Set<string>();
    for (const id of ids) {
      const lines = await verifyPackFile(await packFile(id), SHARED_DATA_DIR);
      const bad = lines.filter((l) => l.status === "mismatch");
      expect(bad, `${id}: ${JSON.stringify(bad.slice(0, 3))}`).toEqual([]);
      for (const line of lines) if (line.status === "match" && / dev /.test(line.label)) devTracks.add(line.label.split(" ")[0]!);
      // every dev figure is checked, none left to the server
      expect(
        lines.filter((l) => l.status === "server-only" && / dev /.test(l.label)),
        id,
      ).toEqual([]);
    }
    expect([...devTracks].sort()).toEqual(expect.arrayContaining(["task1", "task2", "task3/d100"]));
  }, 900_000);

  test("a changed prediction file is reported as such, and the CLI exits 1 (0 for the untouched pack)", async () => {
    const id = ids[0]!;
    const file = await packFile(id);
    const entries = unzipSync(new Uint8Array((await import("node:fs")).readFileSync(file)));
    const text = strFromU8(entries["predictions/task1.jsonl"]!);
    const [first, ...rest] = text.split("\n");
    const row = JSON.parse(first!) as { memory_items: unknown[] };
    entries["predictions/task1.jsonl"] = strToU8([JSON.stringify({ ...row, memory_items: [] }), ...rest].join("\n"));
    const tampered = path.join(dir, "tampered.zip");
    writeFileSync(tampered, zipSync(entries));

    const lines = await verifyPackFile(tampered, SHARED_DATA_DIR);
    const changed = lines.find((l) => l.label === "file predictions/task1.jsonl");
    expect(changed?.status).toBe("mismatch");
    expect(changed?.note).toMatch(/sha256 mismatch/);

    const bad = await runCli(["verify", tampered, "--data", SHARED_DATA_DIR], databaseUrl);
    expect(bad.code, bad.stderr).toBe(1);
    expect(bad.stdout).toMatch(/^MISMATCH\s+file predictions\/task1\.jsonl .*sha256 mismatch/m);
    const good = await runCli(["verify", file, "--data", SHARED_DATA_DIR], databaseUrl);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toMatch(/^MATCH\s+task1 dev f1 {2}published \S+ \[\S+, \S+\] n=\d+ {2}recomputed/m);
  }, 600_000);
});

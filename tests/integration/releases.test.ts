import { afterAll, describe, expect, inject, test } from "vitest";
import { createPrismaClient } from "@/lib/db/create-client";
import { cutChangedReleases, cutRelease, UnknownReleaseBenchmark } from "@/lib/releases/cut-release";
import { getRelease, listReleases } from "@/lib/releases/read-releases";
import { hostedBenchmarks } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";

/** Releases (docs/releases.md): a stored snapshot per cut, listed newest first, unchanged by later submissions. */
const db = createPrismaClient(inject("databaseUrl"));
afterAll(() => db.$disconnect());
const tag = Date.now().toString(36);

/** A new public, scored Task 1 upload on the demo data: it changes the live demo board. */
async function addScoredSystem(name: string) {
  const benchmark = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } });
  const system = await db.system.create({ data: { slug: `release-${tag}-${name.toLowerCase().replace(/[^a-z]+/g, "-")}`, name, kind: "memory_system" } });
  const submission = await db.submission.create({
    data: { systemId: system.id, benchmarkVersionId: benchmark.id, tracks: ["task1"], split: "full", source: "upload", status: "done", verifiedAt: new Date() },
  });
  await db.score.create({
    data: { submissionId: submission.id, trackId: "task1", metric: "f1", kind: "deterministic", scoreVersion: "det-1.0.0", value: 0.61, n: 30 },
  });
  return submission.id;
}

const names = (snapshot: { views: { view: string; rows: Record<string, unknown>[] }[] }, view: string) =>
  JSON.stringify(snapshot.views.find((v) => v.view === view)?.rows ?? []);

describe("releases", () => {
  test("a cut release is listed and keeps its figures after a later submission changes the live board", async () => {
    const release = await cutRelease(db, "demo", { trigger: "admin", note: `before ${tag}` });
    expect(release.trigger).toBe("admin");
    expect(release.scorerVersion).not.toBe("");
    const listed = await listReleases(db, "demo");
    expect(listed[0]?.id).toBe(release.id);
    expect(listed[0]?.note).toBe(`before ${tag}`);

    const stored = await getRelease(db, release.id);
    expect(stored?.snapshot.views.length).toBeGreaterThan(1);
    const newcomer = `Release Newcomer ${tag}`;
    expect(names(stored!.snapshot, "task1")).not.toContain(newcomer);

    await addScoredSystem(newcomer);
    const later = await cutRelease(db, "demo", { trigger: "admin" });
    expect(names((await getRelease(db, later.id))!.snapshot, "task1")).toContain(newcomer);
    expect(later.contentHash).not.toBe(release.contentHash);
    // the first release is what it was
    const again = await getRelease(db, release.id);
    expect(names(again!.snapshot, "task1")).not.toContain(newcomer);
    expect(again!.raw).toEqual(stored!.raw);
  });

  test("a row a moderator later rejects or hides, or that turns out a copy, leaves the release (page and API), with a note", async () => {
    const names = [`Release Rejected ${tag}`, `Release Hidden Row ${tag}`, `Release Copy Row ${tag}`];
    const [rejected, hidden, copy] = [await addScoredSystem(names[0]!), await addScoredSystem(names[1]!), await addScoredSystem(names[2]!)];
    const release = await cutRelease(db, "demo", { trigger: "admin" });
    for (const name of names) expect(JSON.stringify((await getRelease(db, release.id))!.snapshot.views)).toContain(name);
    await db.submission.update({ where: { id: rejected! }, data: { reviewDecision: "rejected", reviewNote: "made up" } });
    await db.submission.update({ where: { id: hidden! }, data: { hiddenAt: new Date() } });
    await db.rowCopy.create({ data: { submissionId: copy!, figures: { submissionId: "x", system: "y", track: "task1", shared: 1, compared: 1, share: 1 } } });
    const read = (await getRelease(db, release.id))!;
    for (const shown of [JSON.stringify(read.snapshot.views), JSON.stringify(read.raw)]) for (const name of names) expect(shown).not.toContain(name);
    const task1 = read.snapshot.views.find((v) => v.view === "task1")!;
    expect(task1.notes.join(" ")).toContain("no longer public since this release was cut");
    expect(task1.rows.length).toBeGreaterThan(0);
  });

  test("the automatic rule cuts once per data or scorer version change, never twice for the same versions", async () => {
    await cutChangedReleases(db);
    expect(await cutChangedReleases(db)).toEqual([]);
    const benchmark = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } });
    const now = new Date();
    await db.datasetImport.create({
      data: {
        benchmarkVersionId: benchmark.id,
        layout: "probe",
        sourcePath: "probe",
        counts: {},
        inserted: 0,
        updated: 0,
        unchanged: 0,
        sourceFingerprint: `probe-${tag}`,
        startedAt: now,
        finishedAt: now,
      },
    });
    const cut = await cutChangedReleases(db);
    expect(cut.map((c) => [c.benchmark, c.reason])).toEqual([["demo", "new data version"]]);
    const latest = (await listReleases(db, "demo"))[0]!;
    expect(latest.trigger).toBe("automatic");
    expect(latest.dataVersion).toBe(`probe-${tag}`);
    expect(await cutChangedReleases(db)).toEqual([]);
  });

  test("an unknown benchmark is refused by name", async () => {
    await expect(cutRelease(db, "no-such-benchmark", { trigger: "admin" })).rejects.toThrow(UnknownReleaseBenchmark);
  });

  test("a pipeline data version holding only its seeded figures gets no automatic release; its first import does", async () => {
    // the seeded database: a data version with no import and no release (a first `npm start` without the data)
    const versions = hostedBenchmarks().flatMap((b) => capabilitiesOf(b).importedDataVersions);
    const candidates = await db.benchmarkVersion.findMany({ where: { slug: { in: versions }, imports: { none: {} } }, select: { id: true, slug: true } });
    const fresh = [];
    for (const c of candidates) if ((await db.release.count({ where: { benchmark: c.slug } })) === 0) fresh.push(c);
    expect(fresh.length, "the seed leaves a data version without an import").toBeGreaterThan(0);
    const version = fresh[0]!;
    expect((await cutChangedReleases(db)).map((c) => c.benchmark)).not.toContain(version.slug);
    expect(await db.release.count({ where: { benchmark: version.slug } })).toBe(0);
    const now = new Date();
    await db.datasetImport.create({
      data: {
        benchmarkVersionId: version.id,
        layout: "probe",
        sourcePath: "probe",
        counts: {},
        inserted: 0,
        updated: 0,
        unchanged: 0,
        sourceFingerprint: `first-${tag}`,
        startedAt: now,
        finishedAt: now,
      },
    });
    const cut = await cutChangedReleases(db);
    expect(cut.filter((c) => c.benchmark === version.slug).map((c) => c.reason)).toEqual(["first release"]);
  });
});

import { afterAll, describe, expect, inject, test } from "vitest";
import { e2eDb, runCli } from "./submissions-helpers";

/**
 * Releases against the real server (docs/releases.md): `alpsbench admin release` cuts one, GET /api/v1/releases
 * lists it, and /releases/<id> shows the stored figures after a later submission changed the live board.
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");
const db = e2eDb(databaseUrl);
const tag = Date.now().toString(36);
const newcomer = `Release Probe ${tag}`;

afterAll(async () => {
  await db.system.deleteMany({ where: { slug: `release-probe-${tag}` } });
  await db.$disconnect();
});

type Listed = { id: string; benchmark: string; scorer_version: string; last_updated: string; note: string | null; url: string; snapshot_url: string };

async function listed(query = ""): Promise<{ status: number; body: { releases?: Listed[]; error?: { message: string } } }> {
  const response = await fetch(`${baseUrl}/api/v1/releases${query}`);
  return { status: response.status, body: await response.json() };
}

describe("releases", () => {
  test("cut by the admin CLI, listed by the API and /releases, and a release page keeps its figures", async () => {
    const note = `e2e release ${tag}`;
    const cli = await runCli(["admin", "release", "demo", "--note", note], databaseUrl);
    expect(cli.code, cli.stderr).toBe(0);
    const [cut] = JSON.parse(cli.stdout) as { id: string }[];

    const api = await listed("?benchmark=demo");
    expect(api.status).toBe(200);
    const release = api.body.releases!.find((r) => r.id === cut!.id)!;
    expect(release).toMatchObject({ benchmark: "demo", note, url: `/releases/${cut!.id}` });
    expect(Date.parse(release.last_updated)).not.toBeNaN();
    expect(await (await fetch(`${baseUrl}/releases`)).text()).toContain(note);

    const page = `/releases/${cut!.id}?view=task1`;
    const before = await (await fetch(`${baseUrl}${page}`)).text();
    expect(before).toContain("release-view");

    // a later submission changes the live Task 1 board of the demo data
    const benchmark = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } });
    const system = await db.system.create({ data: { slug: `release-probe-${tag}`, name: newcomer, kind: "memory_system" } });
    const submission = await db.submission.create({
      data: { systemId: system.id, benchmarkVersionId: benchmark.id, tracks: ["task1"], split: "full", source: "upload", status: "done", verifiedAt: new Date() },
    });
    await db.score.create({
      data: { submissionId: submission.id, trackId: "task1", metric: "f1", kind: "deterministic", scoreVersion: "det-1.0.0", value: 0.61, n: 30 },
    });
    const live = (await (await fetch(`${baseUrl}/api/v1/snapshot?benchmark=demo`)).json()) as { views: { view: string; rows: unknown[] }[] };
    expect(JSON.stringify(live.views.find((v) => v.view === "task1"))).toContain(newcomer);

    const after = await (await fetch(`${baseUrl}${page}`)).text();
    expect(after).not.toContain(newcomer);
    const table = (html: string) => /<table[^>]*data-testid="release-view"[\s\S]*?<\/table>/.exec(html)?.[0];
    expect(table(after)).toBeTruthy();
    expect(table(after)).toBe(table(before));
    const stored = (await (await fetch(`${baseUrl}${release.snapshot_url}`)).json()) as { views: { view: string }[] };
    expect(JSON.stringify(stored)).not.toContain(newcomer);

    // the next cut has it
    const next = await runCli(["admin", "release", "demo"], databaseUrl);
    expect(next.code, next.stderr).toBe(0);
    const [second] = JSON.parse(next.stdout) as { id: string }[];
    expect(await (await fetch(`${baseUrl}/releases/${second!.id}?view=task1`)).text()).toContain(newcomer);
    expect((await listed("?benchmark=demo")).body.releases![0]!.id).toBe(second!.id);
  });

  test("bad input is a clear 4xx", async () => {
    const unknown = await listed("?benchmarkk=demo");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toContain("benchmarkk");
    expect((await fetch(`${baseUrl}/api/v1/releases/no-such-release`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/releases/no-such-release`)).status).toBe(404);
    const cli = await runCli(["admin", "release", "no-such-benchmark"], databaseUrl);
    expect(cli.code).not.toBe(0);
    expect(cli.stderr).toContain('"no-such-benchmark" is not a benchmark this server can release');
  });
});

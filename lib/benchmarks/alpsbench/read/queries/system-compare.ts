import { ORGANISATION_SELECT, shownOrganisation } from "@/lib/leaderboard/organisation-label";
import type { Db } from "@/lib/db/create-client";
import type { LeaderboardColumn, LeaderboardRow, ResultTier } from "@/lib/leaderboard/types";
import { TRACK_IDS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { heldFromViewer } from "@/lib/submissions/held-visibility";
import { getView, trackView } from "./view";
import type { LeaderboardScope } from "./leaderboard";
import { compareMetric, pickSystemRow, type MetricComparison } from "./system-compare-cells";

/**
 * Two to four systems side by side, from the very rows the leaderboard (and its API) shows for each track
 * under the same scope: public, finished, unhidden submissions only. Every metric of every track any of them has.
 */

/** At most this many systems are compared (the page's picker has four slots: a, b, c, d). */
const MAX_COMPARED = 4;
export const COMPARE_PARAMS = ["a", "b", "c", "d"] as const;

type CompareSystem = { slug: string; name: string; organisation: string | null; kind: LeaderboardRow["kind"] };

export type CompareMetric = { column: Omit<LeaderboardColumn, "group">; comparison: MetricComparison };

/** which leaderboard row a system's numbers come from on a track (null: no row there) */
type CompareSource = {
  tier: ResultTier;
  submissionId: string | null;
  sourceLabel: string | null;
  /** the board's mark: the row does not beat a contentless reference (or Task 2's copy-the-input) */
  below: LeaderboardRow["belowContentless"] | null;
} | null;

type CompareTrack = { track: TrackId; sources: CompareSource[]; metrics: CompareMetric[] };

export type Comparison = {
  scope: LeaderboardScope;
  systems: CompareSystem[];
  tracks: CompareTrack[];
  /** per system: on how many metrics it is (one of) the best */
  bestCounts: number[];
};

/** Benchmarks (slugs) on which a system has public, finished scores. */
async function benchmarksOf(db: Db, slug: string): Promise<string[]> {
  const rows = await db.submission.findMany({
    where: { system: { slug }, status: "done", visibility: "public", hiddenAt: null },
    distinct: ["benchmarkVersionId"],
    select: { benchmarkVersion: { select: { slug: true } } },
  });
  return rows.map((r) => r.benchmarkVersion.slug);
}

/**
 * The scope to compare on: the requested benchmark, or else one every system has public scores on (the real
 * benchmark first), else one the first system with any has, so a link with only slugs shows numbers.
 */
export async function defaultCompareBenchmark(db: Db, slugs: readonly string[]): Promise<string | null> {
  const lists = await Promise.all(slugs.map((slug) => benchmarksOf(db, slug)));
  const common = (lists[0] ?? []).filter((s) => lists.every((l) => l.includes(s)));
  const pool = common.length > 0 ? common : (lists.find((l) => l.length > 0) ?? []);
  return pool.includes("alpsbench-v1") ? "alpsbench-v1" : ([...pool].sort()[0] ?? null);
}

function sourceOf(row: LeaderboardRow | null): CompareSource {
  return row ? { tier: row.tier, submissionId: row.submissionId, sourceLabel: row.sourceLabel, below: row.belowContentless ?? row.belowBaseline ?? null } : null;
}

/**
 * null when any slug names no system WITH PUBLIC SCORES: a system known only from private, hidden or unfinished
 * submissions gets exactly the answer of a slug that does not exist, so slugs cannot be probed (and its name,
 * given with a private upload, is never shown). Same rule as the picker's options (listComparableSystems).
 */
/** Public, finished, unhidden runs: a system with none is not comparable. */
const PUBLIC_RUN = { status: "done", visibility: "public", hiddenAt: null } as const;

/**
 * The systems with a run the public may see: one whose only public runs are held for review (or rejected) is not
 * listed, as its page is not (a 404, app/systems/[slug]/page.tsx). Stops at a system's first shown run.
 */
async function withShownRun<T extends { submissions: { id: string }[] }>(db: Db, systems: readonly T[]): Promise<T[]> {
  const listed: T[] = [];
  for (const system of systems) {
    for (const { id } of system.submissions)
      if (!(await heldFromViewer(db, id, null))) {
        listed.push(system);
        break;
      }
  }
  return listed;
}

/** Slugs and names of the systems compare accepts (getComparison): the picker's options. */
export async function listComparableSystems(db: Db): Promise<{ slug: string; name: string }[]> {
  const systems = await db.system.findMany({
    where: { submissions: { some: PUBLIC_RUN } },
    orderBy: { name: "asc" },
    select: { slug: true, name: true, submissions: { where: PUBLIC_RUN, select: { id: true } } },
  });
  return (await withShownRun(db, systems)).map(({ slug, name }) => ({ slug, name }));
}

export async function getComparison(db: Db, slugs: readonly string[], scope: LeaderboardScope): Promise<Comparison | null> {
  if (slugs.length < 2 || slugs.length > MAX_COMPARED) return null;
  const found = await db.system.findMany({
    where: { slug: { in: [...slugs] }, submissions: { some: PUBLIC_RUN } },
    select: {
      slug: true,
      name: true,
      ...ORGANISATION_SELECT,
      kind: true,
      submissions: { where: PUBLIC_RUN, select: { id: true } },
    },
  });
  const listed = await withShownRun(db, found);
  const systems = slugs.map((slug) => {
    const s = listed.find((f) => f.slug === slug);
    return s && { slug: s.slug, name: s.name, organisation: shownOrganisation(s), kind: s.kind };
  });
  if (systems.some((s) => s === undefined)) return null;
  // the ruled public track boards, as the boards show them (./view.ts getView): held and rejected runs left out
  // (review-hold.ts), one row per system (a paper system's server figure with its reported one beside it), Task 3's
  // protocols in their own columns, and the below-reference marks; flagged and copy rows are skipped by pickSystemRow
  const boards = await Promise.all(TRACK_IDS.map((track) => getView(db, trackView(track), scope)));
  const tracks: CompareTrack[] = [];
  const bestCounts = slugs.map(() => 0);
  boards.forEach((board, i) => {
    const track = TRACK_IDS[i]!;
    const rows = slugs.map((slug) => pickSystemRow(board.rows, slug));
    if (rows.every((r) => r === null)) return;
    const metrics: CompareMetric[] = [];
    for (const def of board.columns) {
      const cells = rows.map((row) => row?.cells[def.id] ?? null);
      if (cells.every((c) => (c?.value ?? null) === null)) continue;
      const comparison = compareMetric(cells, def);
      for (const b of comparison.best) bestCounts[b]! += 1;
      metrics.push({ column: def, comparison });
    }
    if (metrics.length > 0) tracks.push({ track, sources: rows.map(sourceOf), metrics });
  });
  return { scope, systems: systems as CompareSystem[], tracks, bestCounts };
}

/**
 * A submission's Score rows across score versions, as tables: one per metric kind (deterministic scorer
 * versions and judge profiles are different axes: a judge re-run leaves deterministic metrics alone), one row
 * per (track, metric), one column per version, oldest first; rows in the order its benchmark declares (`declared`,
 * from the registry). Pure, so the page and its test share it.
 */

export type HistoryScore = {
  trackId: string;
  metric: string;
  kind: "deterministic" | "judge";
  scoreVersion: string;
  judgeProfile: string | null;
  value: number | null;
  n: number | null;
  computedAt: string;
};

type HistoryVersion = { scoreVersion: string; label: string; firstComputedAt: string; current: boolean };
type HistoryRow = { trackId: string; metric: string; values: (number | null)[]; n: (number | null)[]; changed: boolean };
type HistoryTable = { kind: "deterministic" | "judge"; versions: HistoryVersion[]; rows: HistoryRow[] };

/** Where a stored track and a metric of it sit in their benchmark's declarations (unknown ones last). */
type HistoryOrder = { track(trackId: string): number; metric(trackId: string, metric: string): number };

export function scoreHistory(scores: readonly HistoryScore[], currentVersions: readonly string[], declared: HistoryOrder): HistoryTable[] {
  const tables: HistoryTable[] = [];
  for (const kind of ["deterministic", "judge"] as const) {
    const ofKind = scores.filter((s) => s.kind === kind);
    if (ofKind.length === 0) continue;
    const versions = new Map<string, HistoryVersion>();
    for (const s of [...ofKind].sort((a, b) => a.computedAt.localeCompare(b.computedAt))) {
      if (!versions.has(s.scoreVersion)) {
        versions.set(s.scoreVersion, {
          scoreVersion: s.scoreVersion,
          label: s.judgeProfile ?? s.scoreVersion,
          firstComputedAt: s.computedAt,
          current: currentVersions.includes(s.scoreVersion),
        });
      }
    }
    const order = [...versions.keys()];
    const rows = new Map<string, HistoryRow>();
    for (const s of ofKind) {
      const key = `${s.trackId}\u0000${s.metric}`;
      const row = rows.get(key) ?? { trackId: s.trackId, metric: s.metric, values: order.map(() => null), n: order.map(() => null), changed: false };
      const at = order.indexOf(s.scoreVersion);
      row.values[at] = s.value;
      row.n[at] = s.n;
      rows.set(key, row);
    }
    for (const row of rows.values()) {
      const present = row.values.filter((v): v is number => v !== null);
      row.changed = present.some((v) => v !== present[0]);
    }
    tables.push({
      kind,
      versions: order.map((v) => versions.get(v)!),
      rows: [...rows.values()].sort(
        (a, b) =>
          declared.track(a.trackId) - declared.track(b.trackId) ||
          declared.metric(a.trackId, a.metric) - declared.metric(b.trackId, b.metric) ||
          a.metric.localeCompare(b.metric),
      ),
    });
  }
  return tables;
}

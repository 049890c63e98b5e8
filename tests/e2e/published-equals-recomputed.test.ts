import { describe, expect, inject, test } from "vitest";
import { verifyAlpsBenchPack } from "@/lib/benchmarks/alpsbench/pack/verify-pack";
import { readPack } from "@/lib/packs/zip-pack";
import { SHARED_DATA_DIR } from "../shared-data";

/**
 * The Epoch pattern: the published snapshot and every public pack, downloaded from the running server over HTTP;
 * each pack recomputed offline against the data folder (every figure equal to the last digit), then every ranked
 * cell of the snapshot found among its pack's recomputed figures, rounded as downloads round them.
 */
const baseUrl = inject("baseUrl");
const imported = inject("realDataImported");

type Column = { id: string; decimals: number; kind: string };
type Snapshot = { views: { view: string; columns: Column[]; rows: Record<string, unknown>[] }[] };
const round = (value: number | null, decimals: number) => (value === null ? null : Number(value.toFixed(decimals)));

describe.runIf(imported)("published equals recomputed (real data)", () => {
  test("every ranked dev figure of the snapshot is recomputed from the public packs, to the digit", async () => {
    const snapshot = (await (await fetch(`${baseUrl}/api/v1/snapshot?split=dev`)).json()) as Snapshot;
    const packs = new Map<string, ReturnType<typeof readPack>>();
    // cells checked per pack: every pack a ranked row links must vouch for at least one of that row's cells
    const checkedPerPack = new Map<string, number>();
    const eligiblePacks = new Set<string>();
    for (const view of snapshot.views) {
      for (const row of view.rows) {
        const url = row.pack_url;
        if (typeof url !== "string") continue;
        let pack = packs.get(url);
        if (!pack) {
          const response = await fetch(`${baseUrl}${url}`);
          expect(response.status, url).toBe(200);
          pack = readPack(new Uint8Array(await response.arrayBuffer()));
          const lines = await verifyAlpsBenchPack(pack, SHARED_DATA_DIR);
          expect(
            lines.filter((l) => l.status === "mismatch"),
            url,
          ).toEqual([]);
          packs.set(url, pack);
        }
        for (const column of view.columns) {
          const value = row[column.id];
          if (typeof value !== "number" || column.kind !== "deterministic") continue;
          // a column is "<track>:<metric>": the figure must be that track's (every task has a recall)
          const cut = column.id.lastIndexOf(":");
          if (cut < 0) continue;
          eligiblePacks.add(url);
          const track = column.id.slice(0, cut);
          const metric = column.id.slice(cut + 1);
          const figures = pack.manifest.figures.filter(
            (f) => f.track === track && f.metric === metric && (f.scope === "dev" || pack.manifest.submission.scope === "dev"),
          );
          if (figures.length === 0) continue;
          const candidates = figures.map((f) => round(f.value, column.decimals + 2));
          expect(candidates, `${view.view} ${String(row.system)} ${column.id}`).toContain(value);
          checkedPerPack.set(url, (checkedPerPack.get(url) ?? 0) + 1);
        }
      }
    }
    expect(packs.size).toBeGreaterThanOrEqual(7);
    expect(
      [...eligiblePacks].filter((url) => !checkedPerPack.has(url)),
      "packs none of whose row's figures was found",
    ).toEqual([]);
    console.log(`published equals recomputed: ${packs.size} packs verified, ${[...checkedPerPack.values()].reduce((a, b) => a + b, 0)} cells checked`);
  }, 900_000);
});

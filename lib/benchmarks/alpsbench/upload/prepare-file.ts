import type { OwnPipeline } from "@/lib/benchmarks/types";
import type { Db } from "@/lib/db/create-client";
import { env } from "@/lib/env";
import { releasedIdsHint } from "./released-ids-hint";
import { releasedIdOf } from "@/lib/benchmarks/alpsbench/scoring/task3-hit";
import { validateUpload } from "@/lib/benchmarks/alpsbench/upload/validate-upload";
import { drain } from "@/lib/submissions/drain";
import { MAX_REPORTED_PROBLEMS } from "@/lib/submissions/limits";
import { degenerateTestRefusal, testCoverageRefusal } from "@/lib/submissions/test-coverage";
import { officialTrackName, TRACK_LABELS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/**
 * AlpsBench's `prepareFile` hook: validates one file against the data version's instances of its track (and
 * split) while it streams in, and refuses a partial or degenerate test split; nothing is stored. The platform
 * (lib/submissions/create-submission.ts) stores what this returns in its one transaction.
 */
export const prepareAlpsBenchFile: NonNullable<OwnPipeline["prepareFile"]> = async (db, version, file) => {
  const config = env();
  const splitFilter = file.split === "full" ? {} : { split: file.split };
  // Task 3 gold (server side, never returned) names each instance's released id on server-pools-v4
  const task3 = file.track.startsWith("task3/");
  const ids = await db.instance.findMany({
    where: { benchmarkVersionId: version.id, trackId: file.track, ...splitFilter },
    select: { benchmarkId: true, split: true, ...(task3 ? { gold: { select: { gold: true } } } : {}) },
  });
  const aliases = new Map<string, string>();
  for (const row of ids) {
    const released = "gold" in row ? releasedIdOf((row.gold as { gold: unknown } | null)?.gold) : null;
    if (released !== null) aliases.set(released, row.benchmarkId);
  }
  if (ids.length === 0) {
    await drain(file.body);
    return {
      ok: false,
      code: "not_found",
      message: `${version.slug} has no ${file.track} instances${file.split === "full" ? "" : ` in the ${file.split} split`} yet.`,
    };
  }
  const validation = await validateUpload(file.body, {
    track: file.track as TrackId,
    knownIds: new Set(ids.map((i) => i.benchmarkId)),
    testIds: new Set(ids.filter((i) => i.split === "test").map((i) => i.benchmarkId)),
    aliases,
    limits: { maxBytes: config.UPLOAD_MAX_BYTES, maxDecompressedBytes: config.UPLOAD_MAX_DECOMPRESSED_BYTES, maxProblems: MAX_REPORTED_PROBLEMS },
    budget: file.budget,
  });
  const { storedGzip: _stored, ...report } = validation;
  if (!validation.ok || !validation.storedGzip || !validation.sha256 || !validation.contentSha256) {
    const code = validation.code === "too_large" || validation.code === "decompressed_too_large" ? "too_large" : "invalid_file";
    const elsewhere =
      validation.code === "wrong_ids"
        ? (await otherSplitsOf(db, version.id, file.track, file.split, report.coverage.unknownIds)) ||
          (await releasedIdsHint(db, version, file.track, report.coverage.unknownIds)) ||
          (await otherTracksOf(db, version.id, file.track, report.coverage.unknownIds))
        : "";
    return { ok: false, code, message: `${validation.fatal ?? "The file was refused."}${elsewhere}`, validation: report };
  }
  const partialTest = testCoverageRefusal(report.coverage.test, file.split) ?? degenerateTestRefusal(report.coverage.test);
  if (partialTest) return { ok: false, code: "invalid_file", message: partialTest, validation: report };
  return {
    ok: true,
    file: { ...file, report, stored: validation.storedGzip, sha256: validation.sha256, contentSha256: validation.contentSha256 },
  };
};

/**
 * Where the first unknown ids of a file sent with a split are: in another split of the same track ("they are in its
 * dev split: send split=dev"). The ids are the uploader's own, and a track's split assignment is public (the
 * inputs download of each split lists its ids), so naming it reveals nothing.
 */
async function otherSplitsOf(db: Db, versionId: string, track: string, split: string, unknownIds: readonly string[]): Promise<string> {
  if (split === "full" || unknownIds.length === 0) return "";
  const found = await db.instance.findMany({
    where: { benchmarkVersionId: versionId, trackId: track, benchmarkId: { in: [...unknownIds] } },
    select: { split: true },
  });
  const splits = [...new Set(found.map((row): string => row.split).filter((s) => s !== split))].sort();
  if (splits.length === 0) return "";
  const all = found.length === unknownIds.length;
  const named = splits.map((s) => `the ${s} split`).join(" and ");
  const fix =
    splits.length === 1 ? `send it with split=${splits[0]}, or leave split out to score it on the whole track` : "leave split out to score it on the whole track";
  return ` ${all ? "Those ids are" : "Some of those ids are"} in ${named} of ${track}: ${fix}.`;
}

/**
 * Where the first unknown ids are when they are another track's (a Task 1 file sent as task2): "Those ids are Task
 * 1's (task1): send the file with task=task1". Only when every one of them is in that track (the ids are the
 * uploader's own, and every track's ids are public in its inputs download).
 */
async function otherTracksOf(db: Db, versionId: string, track: string, unknownIds: readonly string[]): Promise<string> {
  if (unknownIds.length === 0) return "";
  const found = await db.instance.findMany({
    where: { benchmarkVersionId: versionId, trackId: { not: track }, benchmarkId: { in: [...unknownIds] } },
    select: { trackId: true, benchmarkId: true },
  });
  const tracks = [...new Set(found.map((row) => row.trackId))].filter((other) =>
    unknownIds.every((id) => found.some((row) => row.trackId === other && row.benchmarkId === id)),
  );
  if (tracks.length === 0) return "";
  const names = tracks.map((other) => officialTrackName(other as TrackId));
  const label = TRACK_LABELS[tracks[0] as TrackId].split(" · ")[0];
  const which = tracks.length === 1 ? `${label}'s (${names[0]})` : `in ${names.join(", ")}`;
  return ` Those ids are ${which}, not ${officialTrackName(track as TrackId)}'s: send the file with task=${names[0]}${tracks.length > 1 ? ` (or ${names.slice(1).join(", ")})` : ""}.`;
}

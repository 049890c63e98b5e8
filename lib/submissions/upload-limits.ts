import type { Db } from "@/lib/db/create-client";
import { env } from "@/lib/env";
import { accountKeyOfUser, chargedUploads, type CountedUpload } from "./upload-ledger";
import { formatAllowedAt } from "./refusal-advice";

/**
 * Per-user upload limits, counted in what a researcher calls one submission: an UPLOAD, i.e. one single-file
 * upload or one run (all the files of one archive or multi-file request), whatever number of tracks it holds.
 *
 * - every upload: SUBMISSIONS_PER_DAY over the last 24 hours;
 * - per track: SUBMISSIONS_PER_TRACK_PER_DAY uploads that include the track (a run with task1 on two splits
 *   counts once for task1);
 * - test-split uploads, per benchmark data version: TEST_SUBMISSIONS_PER_DAY over 24 hours and
 *   TEST_SUBMISSIONS_PER_MONTH over 30 days (GLUE's rule: test figures are exact, and what bounds probing the
 *   hidden gold is how many answers one account gets). An upload is a test upload when one of its files is on
 *   the test split, or covers the whole benchmark with test rows. The demo is exempt: its gold is synthetic and
 *   built by code in this repository, so there is nothing hidden to probe.
 *
 * What is counted is the limits ledger (upload-ledger.ts): uploads as they were accepted, per normalised e-mail
 * address (the accounts of one mailbox share the limits), whatever became of them since; deleting or hiding a
 * submission gives nothing back, only failures that were ours are refunded. Refused uploads are never stored, so
 * never counted.
 * The windows roll: the refusal names the moment the oldest counted upload leaves the window, when the next one
 * is allowed. The caller checks the limits after the duplicate rule, in the transaction that stores the upload
 * (so a duplicate is answered 409 whatever the limits, and two parallel uploads cannot both pass).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTH_DAYS = 30;

/** What an upload would add: its tracks, whether it has test rows, and the data version it goes to. */
type UploadShape = { tracks: readonly string[]; touchesTest: boolean; benchmarkVersionId: string };

type LimitRefusal = {
  message: string;
  /** when the next upload of this kind is allowed; null when the limit is 0 (such uploads are switched off) */
  nextAllowedAt: Date | null;
};

/**
 * When one more event fits `limit` per `windowMs`, given the times of the events already counted in the window
 * (pure): null when it fits now; else the time the oldest event that must leave the window does so. `limit` 0:
 * never (Infinity).
 */
export function nextAllowedTime(times: readonly Date[], limit: number, windowMs: number, now: Date): number | null {
  const inWindow = times.map((t) => t.getTime()).filter((t) => t > now.getTime() - windowMs);
  if (inWindow.length < limit) return null;
  if (limit === 0) return Infinity;
  // newest first: the limit-th newest must leave for the count to drop to limit - 1
  inWindow.sort((a, b) => b - a);
  return inWindow[limit - 1]! + windowMs;
}

type LimitDb = Pick<Db, "uploadCharge" | "user" | "benchmarkVersion">;

/** The account's counted uploads of the last 24 hours. */
function uploadsOfDay(db: LimitDb, accountKey: string, now: Date): Promise<CountedUpload[]> {
  return chargedUploads(db, accountKey, new Date(now.getTime() - DAY_MS));
}

/** The account's counted test uploads to one data version over the last 30 days. */
function testUploadsOfMonth(db: LimitDb, accountKey: string, benchmarkVersionId: string, now: Date): Promise<CountedUpload[]> {
  return chargedUploads(db, accountKey, new Date(now.getTime() - MONTH_DAYS * DAY_MS), { benchmarkVersionId });
}

/** Whether test uploads to this data version are limited (every benchmark's but the demo's). */
async function testLimited(db: LimitDb, benchmarkVersionId: string): Promise<boolean> {
  const version = await db.benchmarkVersion.findUnique({ where: { id: benchmarkVersionId }, select: { isDemo: true } });
  return version !== null && !version.isDemo;
}

const timesOf = (uploads: readonly CountedUpload[]) => uploads.map((u) => u.at);

type Breach = { at: number; message: (when: string) => string };

/** The refusal for an upload of `shape` by `ownerId` now, or null when it fits every limit. */
export async function uploadLimitRefusal(db: LimitDb, ownerId: string, shape: UploadShape, now = new Date()): Promise<LimitRefusal | null> {
  const config = env();
  const breaches: Breach[] = [];
  const accountKey = await accountKeyOfUser(db, ownerId);
  const day = await uploadsOfDay(db, accountKey, now);
  const perDay = nextAllowedTime(timesOf(day), config.SUBMISSIONS_PER_DAY, DAY_MS, now);
  if (perDay !== null) {
    breaches.push({
      at: perDay,
      message: (when) =>
        `you have made ${day.length} uploads in the last 24 hours (a run counts once, however many tracks it holds); the limit is ${config.SUBMISSIONS_PER_DAY} a day. ${when}`,
    });
  }
  for (const track of new Set(shape.tracks)) {
    const onTrack = day.filter((u) => u.tracks.has(track));
    const next = nextAllowedTime(timesOf(onTrack), config.SUBMISSIONS_PER_TRACK_PER_DAY, DAY_MS, now);
    if (next !== null) {
      breaches.push({
        at: next,
        message: (when) =>
          `${onTrack.length} of your uploads in the last 24 hours include ${track} (a run counts once per track it holds); the limit is ${config.SUBMISSIONS_PER_TRACK_PER_DAY} a day per track. ${when}`,
      });
    }
  }
  if (shape.touchesTest && (await testLimited(db, shape.benchmarkVersionId))) {
    const month = await testUploadsOfMonth(db, accountKey, shape.benchmarkVersionId, now);
    const windows = [
      { limit: config.TEST_SUBMISSIONS_PER_DAY, ms: DAY_MS, span: "24 hours" },
      { limit: config.TEST_SUBMISSIONS_PER_MONTH, ms: MONTH_DAYS * DAY_MS, span: `${MONTH_DAYS} days` },
    ];
    for (const window of windows) {
      const times = month.map((u) => u.at).filter((t) => t.getTime() > now.getTime() - window.ms);
      const next = nextAllowedTime(times, window.limit, window.ms, now);
      if (next === null) continue;
      breaches.push({
        at: next,
        message: (when) =>
          `you have made ${times.length} test-split uploads to this benchmark in the last ${window.span} (a run counts once; a full-split file with test rows is a test upload); ` +
          `the limit is ${config.TEST_SUBMISSIONS_PER_DAY} a day and ${config.TEST_SUBMISSIONS_PER_MONTH} in ${MONTH_DAYS} days, because test figures are exact and each answer says something about the hidden test gold. ` +
          `${when} Dev and validation uploads have no such limit.`,
      });
    }
  }
  if (breaches.length === 0) return null;
  // the breach that lasts longest: when it ends, every other has ended too
  const binding = breaches.reduce((a, b) => (b.at > a.at ? b : a));
  const nextAllowedAt = Number.isFinite(binding.at) ? new Date(binding.at) : null;
  const when = nextAllowedAt ? `The next one is allowed from ${formatAllowedAt(nextAllowedAt)}.` : "Such uploads are switched off on this server.";
  return {
    message: `Limit reached: ${binding.message(when)} An upload counts from the moment it is accepted, deleted or not, for every account of your e-mail address. Nothing was stored.`,
    nextAllowedAt,
  };
}

export type UploadAllowance = {
  perDay: number;
  perTrackPerDay: number;
  testPerDay: number;
  testPerMonth: number;
  /** uploads counted in the last 24 hours */
  usedToday: number;
  /** per non-demo data version: test uploads counted in the last 24 hours and 30 days, and when the next is allowed */
  test: { benchmarkVersionId: string; today: number; month: number; nextAllowedAt: Date | null }[];
};

/** What the signed-in user has used of the limits (the submit page shows it). */
export async function uploadAllowance(db: LimitDb, ownerId: string, benchmarkVersionIds: readonly string[], now = new Date()): Promise<UploadAllowance> {
  const config = env();
  const accountKey = await accountKeyOfUser(db, ownerId);
  const day = await uploadsOfDay(db, accountKey, now);
  const test = [];
  for (const benchmarkVersionId of benchmarkVersionIds) {
    if (!(await testLimited(db, benchmarkVersionId))) continue;
    const refusal = await uploadLimitRefusal(db, ownerId, { tracks: [], touchesTest: true, benchmarkVersionId }, now);
    const month = await testUploadsOfMonth(db, accountKey, benchmarkVersionId, now);
    test.push({
      benchmarkVersionId,
      today: month.filter((u) => u.at.getTime() > now.getTime() - DAY_MS).length,
      month: month.length,
      nextAllowedAt: refusal?.nextAllowedAt ?? null,
    });
  }
  return {
    perDay: config.SUBMISSIONS_PER_DAY,
    perTrackPerDay: config.SUBMISSIONS_PER_TRACK_PER_DAY,
    testPerDay: config.TEST_SUBMISSIONS_PER_DAY,
    testPerMonth: config.TEST_SUBMISSIONS_PER_MONTH,
    usedToday: day.length,
    test,
  };
}

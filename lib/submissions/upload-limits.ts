import type { Db } from "@/lib/db/create-client";
import { benchmarkOfDataVersion } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
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
 * - test-split answers, per benchmark data version: TEST_SUBMISSIONS_PER_DAY over 24 hours and
 *   TEST_SUBMISSIONS_PER_MONTH over 30 days (GLUE's rule: test figures are exact, and what bounds probing the
 *   hidden gold is how many answers one account gets). An upload is a test upload when one of its files is on
 *   the test split, or covers the whole benchmark with test rows; it counts as many answers as the most of its
 *   test-bearing files that are scored on one hidden test set (the benchmark's `hiddenTestSet` hook), so no
 *   hidden instance gets more answers in a window than the limit, whatever the files and tracks combine. A module's
 *   upload is a test upload when it is on a split whose gold the module hides (lib/benchmarks/module-splits.ts). The demo is exempt: its gold is synthetic and
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

/**
 * What an upload would add: its tracks, the track of each of its test-bearing files (on the test split, or the
 * whole benchmark with test rows; once per file), and the data version it goes to.
 */
type UploadShape = { tracks: readonly string[]; testTracks: readonly string[]; benchmarkVersionId: string };

type LimitRefusal = {
  message: string;
  /** when the next upload of this kind is allowed; null when the limit is 0 (such uploads are switched off) or never fits */
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

/** How a data version's test uploads are counted: null when they are not limited (the demo, a module that hides no gold, or no such version). */
type TestRule = { setOf: (track: string) => string };

async function testRule(db: LimitDb, benchmarkVersionId: string): Promise<TestRule | null> {
  const version = await db.benchmarkVersion.findUnique({ where: { id: benchmarkVersionId }, select: { isDemo: true, slug: true } });
  if (version === null || version.isDemo) return null;
  // a one-call benchmark's uploads are test uploads only on a split whose gold it hides (hosted-capabilities.ts)
  const setOf = capabilitiesOf(benchmarkOfDataVersion(version.slug)).hiddenTestSet;
  return setOf ? { setOf } : null;
}

/**
 * An upload's answers on hidden test instances: the most of its test-bearing files that share one hidden test set
 * (a run of one file per track: 1; a run of Task 3's five pool sizes on the test split: 5, since each size is one
 * more figure over the same hidden sessions). Pure. Counting every upload by this bounds the answers any one
 * hidden instance gets in a window by the limit, whatever files and tracks the uploads combine.
 */
function testAnswersOf(testTracks: readonly string[], setOf: (track: string) => string): number {
  const perSet = new Map<string, number>();
  for (const track of testTracks) perSet.set(setOf(track), (perSet.get(setOf(track)) ?? 0) + 1);
  return Math.max(0, ...perSet.values());
}

/** The tracks of the largest group of test-bearing files sharing one hidden test set (for the refusal). */
function sharingTracks(testTracks: readonly string[], setOf: (track: string) => string): string[] {
  const perSet = new Map<string, string[]>();
  for (const track of testTracks) perSet.set(setOf(track), [...(perSet.get(setOf(track)) ?? []), track]);
  return [...perSet.values()].reduce((a, b) => (b.length > a.length ? b : a), []);
}

/** Each counted test upload's time, once per answer it carried. */
function answerTimes(uploads: readonly CountedUpload[], rule: TestRule): Date[] {
  return uploads.flatMap((u) => Array.from({ length: testAnswersOf(u.testTracks, rule.setOf) }, () => u.at));
}

/** What is left of a data version's test limits now: answers used and left in 24 hours and 30 days. */
type TestQuota = {
  perDay: number;
  perMonth: number;
  usedToday: number;
  usedMonth: number;
  leftToday: number;
  leftMonth: number;
  /** when one more test answer is allowed; null: now (or never, when a limit is 0) */
  nextAllowedAt: Date | null;
};

function testQuotaOf(month: readonly CountedUpload[], rule: TestRule, now: Date): TestQuota {
  const config = env();
  const times = answerTimes(month, rule);
  const usedToday = times.filter((t) => t.getTime() > now.getTime() - DAY_MS).length;
  const next = [
    nextAllowedTime(times, config.TEST_SUBMISSIONS_PER_DAY, DAY_MS, now),
    nextAllowedTime(times, config.TEST_SUBMISSIONS_PER_MONTH, MONTH_DAYS * DAY_MS, now),
  ].reduce<number | null>((a, b) => (b === null ? a : a === null ? b : Math.max(a, b)), null);
  return {
    perDay: config.TEST_SUBMISSIONS_PER_DAY,
    perMonth: config.TEST_SUBMISSIONS_PER_MONTH,
    usedToday,
    usedMonth: times.length,
    leftToday: Math.max(0, config.TEST_SUBMISSIONS_PER_DAY - usedToday),
    leftMonth: Math.max(0, config.TEST_SUBMISSIONS_PER_MONTH - times.length),
    nextAllowedAt: next !== null && Number.isFinite(next) ? new Date(next) : null,
  };
}

/** "Left: 1 of 2 test answers today, 5 of 6 in 30 days." */
function testQuotaSentence(quota: Pick<TestQuota, "perDay" | "perMonth" | "leftToday" | "leftMonth">): string {
  return `Left: ${quota.leftToday} of ${quota.perDay} test answers today, ${quota.leftMonth} of ${quota.perMonth} in ${MONTH_DAYS} days.`;
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
  const rule = shape.testTracks.length > 0 ? await testRule(db, shape.benchmarkVersionId) : null;
  if (rule) {
    const answers = testAnswersOf(shape.testTracks, rule.setOf);
    const month = await testUploadsOfMonth(db, accountKey, shape.benchmarkVersionId, now);
    const quota = testQuotaOf(month, rule, now);
    const limit = Math.min(config.TEST_SUBMISSIONS_PER_DAY, config.TEST_SUBMISSIONS_PER_MONTH);
    if (answers > limit && limit > 0) {
      const tracks = sharingTracks(shape.testTracks, rule.setOf);
      return {
        message:
          `Limit reached: this upload holds ${answers} test-split files on the same hidden test instances (${tracks.join(", ")} are scored on the same test sessions), and each is one answer on them; ` +
          `at most ${config.TEST_SUBMISSIONS_PER_DAY} test answers a day and ${config.TEST_SUBMISSIONS_PER_MONTH} in ${MONTH_DAYS} days are allowed per hidden instance. ` +
          `Upload at most ${Math.max(1, Math.min(limit, quota.leftToday))} of them at once, or send the others on the dev or validation split. ${testQuotaSentence(quota)} Nothing was stored.`,
        nextAllowedAt: null,
      };
    }
    const times = answerTimes(month, rule);
    const windows = [
      { limit: config.TEST_SUBMISSIONS_PER_DAY, ms: DAY_MS, span: "24 hours" },
      { limit: config.TEST_SUBMISSIONS_PER_MONTH, ms: MONTH_DAYS * DAY_MS, span: `${MONTH_DAYS} days` },
    ];
    for (const window of windows) {
      const inWindow = times.filter((t) => t.getTime() > now.getTime() - window.ms);
      // `answers` more fit when the count in the window is at most limit - answers
      const next = nextAllowedTime(inWindow, Math.max(0, window.limit - answers + 1), window.ms, now);
      if (next === null) continue;
      breaches.push({
        at: next,
        message: (when) =>
          `your test-split uploads to this benchmark carried ${inWindow.length} answers on its hidden test instances in the last ${window.span}${answers > 1 ? `, and this one carries ${answers}` : ""} ` +
          `(a run counts once, unless several of its test-split files are scored on the same hidden instances: each of those is an answer; a full-split file with test rows is a test upload); ` +
          `the limit is ${config.TEST_SUBMISSIONS_PER_DAY} a day and ${config.TEST_SUBMISSIONS_PER_MONTH} in ${MONTH_DAYS} days, because test figures are exact and each answer says something about the hidden test gold. ` +
          `${testQuotaSentence(quota)} ${when} Dev and validation uploads have no such limit.`,
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
  /** per data version whose test uploads are limited (not the demo): the test answers used and left */
  test: ({ benchmarkVersionId: string } & TestQuota)[];
};

/** What the signed-in user has used of the limits (the submit page, the upload answer, GET /api/v1/quota). */
export async function uploadAllowance(db: LimitDb, ownerId: string, benchmarkVersionIds: readonly string[], now = new Date()): Promise<UploadAllowance> {
  const config = env();
  const accountKey = await accountKeyOfUser(db, ownerId);
  const day = await uploadsOfDay(db, accountKey, now);
  const test = [];
  for (const benchmarkVersionId of benchmarkVersionIds) {
    const rule = await testRule(db, benchmarkVersionId);
    if (!rule) continue;
    test.push({ benchmarkVersionId, ...testQuotaOf(await testUploadsOfMonth(db, accountKey, benchmarkVersionId, now), rule, now) });
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

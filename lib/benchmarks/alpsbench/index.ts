import { officialTrackName, parseTrackName, taskOf, TRACK_IDS, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";
import { cliCommand } from "@/lib/platform/site";
import { SCORER_VERSION } from "@/lib/benchmarks/alpsbench/pipeline/scorer-version";
import { TASK_VIEWS, VIEW_SLUGS } from "@/lib/benchmarks/alpsbench/read/views";
import type { Benchmark } from "../types";
import { ALPSBENCH_TRACKS, ALPSBENCH_VIEWS } from "./tracks";
import { hasOfficialName, hasParentSegment, isIgnoredRunFile, placeOfRunFile } from "./upload/run-files";
import { ExampleQuery, InputsQuery } from "./http/input-scope";
import { alpsBenchEee } from "./eee/hook";
import { BreakdownQuery } from "./http/breakdown-query";
import { mayReadPredictions } from "@/lib/submissions/prediction-access";
import { ALPSBENCH_DATA_VERSION_LABELS, ALPSBENCH_DATA_VERSIONS, ALPSBENCH_ID } from "./data-versions";
import { ALPSBENCH_NAVIGATION } from "./navigation";
import { alpsBenchStartHooks } from "./data/start-hooks";
import { alpsBenchSubmitForm } from "./ui/submit/submit-form";
import { ALPSBENCH_CONTENTLESS_SLUGS, ALPSBENCH_REVIEW } from "./review";

/**
 * AlpsBench (Xiao et al., 2026) as a hosted benchmark. It scores with its own pipeline (chunked, crash-safe,
 * judged, per-instance results, test-split privacy, the contamination check: pipeline/score-steps.ts), so it
 * declares hooks (`OwnPipeline`) rather than a one-shot scorer. It is the benchmark at "/": its pages
 * (/, /tasks/…) and read URLs (/api/v1/leaderboards/<view>) predate the other benchmarks and keep working.
 */
export const alpsBench: Benchmark = {
  id: ALPSBENCH_ID,
  title: "AlpsBench",
  description:
    "Memory in real dialogues: extract a user's memories (Task 1), update them (Task 2), retrieve the right one among up to 1,000 distractors (Task 3) and use it in answers (Task 4); scored by the authors' matching and judge pipeline.",
  credit: {
    citation:
      "Xiao et al., AlpsBench: An LLM Personalization Benchmark for Real-Dialogue Memorization and Preference Alignment, 2026; derived from WildChat (Zhao et al., ICLR 2024)",
    dataLicence: "ODC-BY",
    // the release states a data licence only
    codeLicence: "not stated in the release",
    url: "https://github.com/MissHsiaoo/Alps_Bench",
    note: "Reported figures are transcribed from the paper and the official leaderboard and link to their source.",
  },
  home: "/",
  eee: alpsBenchEee,
  review: ALPSBENCH_REVIEW,
  // loaded when asked: an upload's page and API read its boards
  reviewState: async (db, upload) => (await import("./read/queries/review-state")).alpsBenchReviewState(db, upload),
  // loaded when asked: an upload's status reads AlpsBench's own tables
  uploadFacts: async (db, ids, viewer) => (await import("./read/queries/upload-facts")).alpsBenchUploadFacts(db, ids, viewer),
  // a re-score's judge counts start at zero (no row reads as zeros)
  onRescore: async (tx, ids) => void (await tx.judgeCalls.deleteMany({ where: { submissionId: { in: [...ids] } } })),
  contentlessReferenceSlugs: ALPSBENCH_CONTENTLESS_SLUGS,
  // loaded when asked: About's part reads the database and renders AlpsBench's own sections
  about: async (db) => (await import("./ui/about/about")).alpsBenchAbout(db),
  ...alpsBenchStartHooks,
  // loaded when asked: the CLI's starter run reads the database's inputs
  starterRun: async (db, options) => (await import("./starter/files")).alpsBenchStarterFiles(db, options),
  // loaded when asked: the pack reads the database, its verifier a data folder
  pack: {
    build: async (db, submissionId) => (await import("./pack/build-pack")).buildAlpsBenchPack(db, submissionId),
    verify: async (pack, dataDir) => (await import("./pack/verify-pack")).verifyAlpsBenchPack(pack, dataDir),
  },
  // loaded when asked: the CLI's commands (import, score, export-predictions, replay-judge) and what they read
  registerCommands: async (program, host) => (await import("./cli")).registerAlpsBenchCommands(program, host),
  navigation: ALPSBENCH_NAVIGATION,
  tracks: ALPSBENCH_TRACKS,
  views: ALPSBENCH_VIEWS,
  rootViewSlugs: VIEW_SLUGS,
  pageOf: (viewId) => (viewId === "" || viewId === "overview" ? "/" : Object.hasOwn(TASK_VIEWS, viewId) ? `/tasks/${viewId}` : null),
  pipeline: {
    scoreVersion: SCORER_VERSION,
    dataVersions: ALPSBENCH_DATA_VERSIONS,
    dataVersionLabels: ALPSBENCH_DATA_VERSION_LABELS,
    knownTracks: `${TRACK_IDS.map(officialTrackName).join(", ")} (also written task3/d300 or task3-d300)`,
    parseTrack: parseTrackName,
    // loaded when an upload comes: its validation (the Task 3 pools, the released ids) stays out of the pages
    prepareFile: async (...args) => (await import("./upload/prepare-file")).prepareAlpsBenchFile(...args),
    // loaded when asked: only the admin's rehash-content reads stored files this way
    storedContentSha256: async (track, stored) => (await import("./upload/stored-content-hash")).alpsBenchStoredContentSha256(track, stored),
    // the five pool sizes of Task 3 score the same test sessions' selections against the same gold
    hiddenTestSet: (track) => {
      const id = parseTrackName(track);
      return id !== null && taskOf(id) === "task3" ? "task3" : track;
    },
    sendsRunFile: (path) => !isIgnoredRunFile(path),
    runFileExamples: "task1/predictions.jsonl or task3/d300/predictions.jsonl",
    runFile(path) {
      if (isIgnoredRunFile(path)) return { kind: "ignored" };
      if (hasParentSegment(path))
        return {
          kind: "refused",
          message: 'its path has a ".." segment; give each file its plain path inside the run, such as dev/task1/predictions.jsonl (nothing was stored).',
        };
      const place = placeOfRunFile(path);
      if (place) return { kind: "placed", ...place };
      if (!hasOfficialName(path)) return { kind: "ignored" };
      return {
        kind: "refused",
        message: "no folder in its path names a track; put it in a track folder such as task1/, task3/d300/ or task4_ability2/ (nothing was stored).",
      };
    },
    // loaded when a worker first needs it: the judge client and the scorers stay out of the web server's routes
    scoreStep: async (db, submissionId, context) => (await import("./pipeline/score-steps")).alpsBenchScoreStep(db, submissionId, context),
    // loaded when asked: the read model behind the board API, the snapshot and the inputs downloads stays out of
    // the pages and of the upload route, which read the declaration only
    viewAnswer: async (...args) => (await import("./http/view-response")).alpsBenchViewAnswer(...args),
    // loaded when asked: a stored pack's key counts the upload's SplitScore rows (a re-score writes new ones)
    packKeyParts: async (db, submissionId) => (await import("./pack/pack-key-parts")).alpsBenchPackKeyParts(db, submissionId),
    snapshotAnswer: async (...args) => (await import("./http/snapshot-response")).alpsBenchSnapshotAnswer(...args),
    inputsAnswer: async (...args) => (await import("./http/inputs-response")).alpsBenchInputsAnswer(...args),
  },
  // what GET /api/v1/benchmarks/alpsbench/readiness reads (the default data version) and the submit form asks of each
  // data version it offers: whether the version holds a track's instances
  trackData: {
    hasTrackData: async (db, trackId, dataVersion = ALPSBENCH_DATA_VERSIONS[0]) =>
      (await db.instance.findFirst({ where: { benchmarkVersion: { slug: dataVersion }, trackId }, select: { id: true } })) !== null,
    needs: (trackId) =>
      `the ${officialTrackName(trackId as TrackId)} instances of the AlpsBench release (${ALPSBENCH_DATA_VERSIONS[0]}: the annotated packets, packets/ with task4-records.jsonl, or the official layout's benchmark_data/<split>/<track>/)`,
    importHow: `An operator imports the data folder with \`${cliCommand("import --from <folder>")}\` or ALPSBENCH_DATA_DIR=<folder> at \`npm start\` (docs/running.md).`,
  },
  async importData(db, folder, log) {
    const { importRealData } = await import("./data/import/import-real-data");
    await importRealData(db, folder, log);
  },
  // loaded when an upload's page renders: React and the per-instance read model stay out of the worker
  submissionPage: {
    notices: async (db, upload) => (await import("./ui/submission/page-parts")).alpsBenchNotices(db, upload),
    downloads: async (upload) => (await import("./ui/submission/page-parts")).alpsBenchDownloads(upload),
    emptyNote: (tracks) => (tracks.some((t) => t.startsWith("task4")) ? "Task 4 is scored by an LLM judge only, and none has judged this submission." : null),
    details: async (db, upload, viewer, search) => (await import("./ui/submission/page-parts")).alpsBenchDetails(db, upload, viewer, search),
  },
  submissionReads: {
    breakdown: {
      query: BreakdownQuery,
      answer: async (db, submission, viewer, query) => (await import("./http/submission-breakdown")).alpsBenchBreakdownAnswer(db, submission, viewer, query),
    },
    async instanceExplanation(db, submission, track, instanceId, viewer) {
      const { getInstanceExplanation } = await import("./read/queries/submission-instance-results");
      const instance = await getInstanceExplanation(db, submission, track, instanceId, { showUploadedPredictions: mayReadPredictions(submission, viewer) });
      return instance ? { instance } : null;
    },
    async instanceInput(db, submission, track, instanceId) {
      const { getInstanceInput } = await import("./read/queries/submission-instance-input");
      const sections = await getInstanceInput(db, submission, track, instanceId);
      return sections ? { sections } : null;
    },
  },
  submitForm: {
    ...alpsBenchSubmitForm,
    // loaded when /submit renders: the links read the database and are React
    inputsLinks: async (db) => (await import("./ui/submit/submit-inputs")).alpsBenchSubmitInputs(db),
    rankingNote: async (setup) => (await import("./ui/submit/ranking-note")).AlpsBenchRankingNote(setup),
  },
  apiDocs: {
    exampleQuery: "task1?format=csv&kind=memory_system&sort=f1&cols=f1,recall",
    exampleTracks: { curl: "task4_ability2", cli: "task1" },
    inputsQuery: { inputs: InputsQuery, example: ExampleQuery },
    contract: async () => (await import("./ui/api-docs/prediction-contract")).alpsBenchContractDocs(),
  },
};

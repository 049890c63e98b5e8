import { z } from "zod";
import type { ApiAnswer, ApiAuth, ApiRoute, BenchmarkParameters } from "@/lib/api-spec/api-route";
import { declaredBenchmarkNames, hostedBenchmarks, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { ApiErrorBody } from "@/lib/http/api-error-body";
import type { UserRule } from "@/lib/http/with-user";
import { DownloadFormat } from "@/lib/leaderboard/download-format";
import { SnapshotFormat } from "@/lib/leaderboard/snapshot";
import { DocumentedTableQuery } from "@/lib/leaderboard/table-query-docs";
import { ModerationRequest } from "@/lib/moderation/moderate-submission";
import { VisibilityRequest } from "@/lib/moderation/set-visibility";
import { ReleaseSnapshot } from "@/lib/releases/release-snapshot";
import { ModuleItemsQuery } from "@/lib/submissions/module-items-query";
import { ListedInstanceQuery } from "../submissions/_lib/listed-instance-query";
import { UploadFieldsObject } from "../submissions/_lib/upload-fields";
import { CHANGE_RULE, MODERATE_RULE, SYSTEM_CHANGE_RULE, UPLOAD_RULE } from "../submissions/_lib/user-rules";
import { SystemChangeRequest } from "@/lib/systems/change-system";
import {
  LeaderboardAnswer,
  ListedInstanceAnswer,
  ModerationDone,
  ModuleItemsAnswer,
  OpenApiAnswer,
  QueueAnswer,
  QuotaAnswer,
  ReadinessAnswer,
  ReleaseList,
  RunAccepted,
  SubmissionAccepted,
  SubmissionDeleted,
  SubmissionStatusAnswer,
  SystemChanged,
  VisibilityChanged,
} from "./answers";

/*
 * Every route under app/api/v1, declared once: its parameters, body, who may call it and its answers, each a zod
 * schema (the one the route parses with where it parses one). /api-docs renders this list and
 * GET /api/v1/openapi.json publishes it; app/api/v1/_lib/api-routes.test.ts fails when a route file and this list
 * disagree. A benchmark's own parameters come from its declaration in the registry, never from here.
 */

const PUBLIC: ApiAuth = { kind: "public" };
/** a visitor reads public data; the owner (a session, or a token with the read scope) and admins see private too */
const READER: ApiAuth = { kind: "optional", scopes: ["read"] };
const required = (rule: UserRule): ApiAuth => ({ kind: "required", scopes: rule.scopes, ...(rule.admin ? { admin: true } : {}) });

const error = (status: number, description: string): ApiAnswer => ({ status, description, schema: ApiErrorBody });
const unauthorized = error(401, "A bad or revoked token (or, for a write, no credentials at all); `WWW-Authenticate` says what to send.");
const rateLimited = error(429, "Too many requests from this address or token; `Retry-After` says when to try again.");

const code = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(", ");

/** `benchmark` as the registry names it today: every hosted benchmark's id and declared data version. */
function benchmarkParam() {
  return z
    .string()
    .optional()
    .describe(
      `A hosted benchmark or data version: ${code(declaredBenchmarkNames())} (or a release imported under its own name). Default: \`${capabilitiesOf(ROOT_BENCHMARK).dataVersions[0]}\`, the default data version of the benchmark at \`/\`.`,
    );
}

function tableQuery() {
  return z.object({ format: DownloadFormat, ...DocumentedTableQuery.shape, benchmark: benchmarkParam() });
}

/** The hosted benchmarks whose tracks' readiness the platform can tell (hosted-capabilities.ts `tellsReadiness`). */
const readinessBenchmarks = () => hostedBenchmarks().filter((b) => capabilitiesOf(b).tellsReadiness);

/** Each hosted benchmark's own parameters of a route, as it declares them. */
function benchmarkQueries(pick: (b: ReturnType<typeof hostedBenchmarks>[number]) => z.ZodType | undefined): () => BenchmarkParameters[] {
  return () => hostedBenchmarks().flatMap((b) => (pick(b) ? [{ benchmark: b.id, title: b.title, query: pick(b)! }] : []));
}

const SystemSlug = z.object({ slug: z.string().describe("The system's slug (its page's address, `system_slug` in downloads).") });
const SubmissionId = z.object({ id: z.string().describe("The submission's id (in its page's address and every upload answer).") });
const TrackParam = z.object({
  track: z.string().describe("A track of the benchmark `benchmark` names, by any name it knows; `<track>.jsonl.gz` answers the same lines as a gzip file."),
});

function leaderboardRoutes(): ApiRoute[] {
  const views = code(capabilitiesOf(ROOT_BENCHMARK).rootViewSlugs);
  const ids = code(hostedBenchmarks().map((b) => b.id));
  const answers: ApiAnswer[] = [
    {
      status: 200,
      description: "The table, exactly as the page shows it with the same query: JSON, CSV (`format=csv`) or an Every Eval Ever zip (`format=eee`).",
      schema: LeaderboardAnswer,
      contentType: "application/json, text/csv, application/zip",
    },
    error(400, "A bad parameter, each named with its value; an unknown parameter is one."),
    error(404, "No such view or benchmark; the message lists the known ones."),
  ];
  const description =
    "One table exactly as the site shows it: the page's address and the download links carry the same parameters, and both go through one filter/sort/rank function, so a page's query string (everything after `?`) downloads that view. `columns` gives each metric's label, description, direction (`higher` or `lower` is better) and decimals. The JSON gives each figure to its column's decimals plus two digits; the CSV is for people: readable headers, every figure at its column's decimals, the judge profile in one `Judge profile` column, and a UTF-8 byte order mark for Excel (a parser strips it: csv-parse's `bom: true`).";
  return [
    {
      method: "GET",
      path: "/api/v1/leaderboards/{view}",
      group: "Reading",
      summary: "A view of the benchmark at `/`, or a hosted benchmark's default view",
      description: `${description} Views of the benchmark at \`/\`: ${views}; a hosted benchmark's id (${ids}) answers its default view.`,
      auth: PUBLIC,
      pathParams: z.object({ view: z.string().describe(`A view of the benchmark at \`/\` (${views}) or a hosted benchmark's id (${ids}).`) }),
      query: tableQuery(),
      answers,
    },
    {
      method: "GET",
      path: "/api/v1/leaderboards/{benchmark}/{view}",
      group: "Reading",
      summary: "A view of a hosted benchmark",
      description: `${description} Every hosted benchmark's views take this form; its module's own filters (its settings) are parameters too (the benchmark's section below lists its views).`,
      auth: PUBLIC,
      pathParams: z.object({ benchmark: z.string().describe(`A hosted benchmark's id: ${ids}.`), view: z.string().describe("One of its views.") }),
      query: tableQuery(),
      answers,
    },
    {
      method: "GET",
      path: "/api/v1/snapshot",
      group: "Reading",
      summary: "Every view of one benchmark at once, for citing",
      description:
        "Every view in its default ranking with every column, stamped with the schema version, scorer version, generation date, benchmark, split and score version. `format=zip` gives one CSV per view plus `manifest.json`. A benchmark module's snapshot has its settings as each row's fields and each view's record `fields` in CSV order; its `scorerVersion` names each track's scorer.",
      auth: PUBLIC,
      query: z.object({ format: SnapshotFormat, benchmark: benchmarkParam(), ...DocumentedTableQuery.pick({ split: true, version: true }).shape }),
      answers: [
        { status: 200, description: "The snapshot (JSON), or a zip.", schema: ReleaseSnapshot, contentType: "application/json, application/zip" },
        error(400, "A bad or unknown parameter."),
        error(404, "An unknown benchmark; the message lists the known ones."),
      ],
    },
  ];
}

function downloadRoutes(): ApiRoute[] {
  const inputs = benchmarkQueries((b) => b.apiDocs?.inputsQuery?.inputs);
  const example = benchmarkQueries((b) => b.apiDocs?.inputsQuery?.example);
  const missing = error(404, "An unknown track or benchmark, or a benchmark whose inputs are its public dataset (the message says where).");
  return [
    {
      method: "GET",
      path: "/api/v1/inputs/{track}",
      group: "Downloads",
      summary: "A track's model inputs, never gold",
      description:
        'JSON Lines, one instance per line, exactly what a system sees. Sent plain (no `Content-Encoding` negotiation); `<track>.jsonl.gz` is the same lines as a gzip file; `<track>.compact.jsonl.gz` (Task 3 tracks) a gzip file with each candidate memory once and the pools as [candidate id, memory ref] pairs (docs/api.md, "Compact Task 3 inputs"). The parameters are the benchmark\'s own.',
      auth: PUBLIC,
      pathParams: TrackParam,
      benchmarkQuery: inputs,
      answers: [
        { status: 200, description: "The inputs.", contentType: "application/x-ndjson, application/gzip" },
        error(400, "A bad, unknown or repeated parameter, or a file name other than `<track>`, `<track>.jsonl.gz` or `<track>.compact.jsonl.gz`."),
        missing,
      ],
    },
    {
      method: "GET",
      path: "/api/v1/inputs/{track}/example",
      group: "Downloads",
      summary: "A small valid prediction file for the track",
      description: "Built from instance ids and public inputs only, to check a pipeline end to end before running a model.",
      auth: PUBLIC,
      pathParams: TrackParam,
      benchmarkQuery: example,
      answers: [{ status: 200, description: "A prediction file (JSON Lines).", contentType: "application/x-ndjson" }, error(400, "A bad parameter."), missing],
    },
  ];
}

function submittingRoutes(): ApiRoute[] {
  return [
    {
      method: "POST",
      path: "/api/v1/submissions",
      group: "Submitting",
      summary: "Upload a prediction file, or a whole run, for scoring",
      description:
        "With `task`: one prediction file for that track. Without it: a run, one submission per track, each file's track read from its path in the benchmark's layout (an archive, several files, or both); a run holds each track once (two files of one track are a 422 naming both); every file of a run is validated before anything is stored and one bad file refuses the run; a file whose predictions an earlier submission holds is skipped (`skipped` links it) and the others are stored. Every answer carries `quota`, what is left of your limits. Files are validated while they stream in; a refused file is not stored and does not count against your limits. A signed-in upload must come from the site's own pages; scripts use a token.",
      auth: required(UPLOAD_RULE),
      headers: z.object({
        "Idempotency-Key": z.string().max(200).optional().describe("1-200 printable characters: a retry with the same key answers the first upload (or run)."),
      }),
      query: UploadFieldsObject.partial(),
      queryNote: "the body's fields (below), in the query string for a raw-body upload; they may also accompany a multipart body.",
      body: [
        {
          contentType: "multipart/form-data",
          schema: UploadFieldsObject.partial({ task: true }),
          fileParts: "Then the file part(s), named `file` or `files`, after every field: a field after a file is refused (400) before anything is stored.",
        },
        {
          contentType: "application/octet-stream",
          schema: z.string().describe("The file itself"),
          note: "The file as the raw body (also sent as application/x-ndjson, application/jsonl, application/json, application/gzip, application/zip, application/x-tar, text/plain, text/csv or application/vnd.apache.parquet), the fields in the query string.",
        },
      ],
      answers: [
        { status: 202, description: "A file was accepted and queued (`Location` is its status).", schema: SubmissionAccepted },
        { status: 202, description: "A run was accepted (its answer when no `task` was given).", schema: RunAccepted },
        error(400, "A bad field (named), body or archive."),
        unauthorized,
        error(403, "A token without the submit scope, or a signed-in request from another site."),
        error(404, "An unknown benchmark or track, or no instances to score."),
        error(409, "The same predictions as an existing submission on the track (`error.existing` links it); checked before any limit, never counted."),
        error(413, "Too large."),
        error(415, "Another content type."),
        error(422, "A refused file: `error.validation` lists the problems by line and field (for a run, `error.file` names the file)."),
        error(
          429,
          "An upload limit is spent (`error.nextAllowedAt`, `Retry-After`; a run counts once; the message says what is left today and this month), or the hour's work on refused uploads is used up.",
        ),
      ],
    },
    {
      method: "GET",
      path: "/api/v1/quota",
      group: "Submitting",
      summary: "What you have left of the upload limits",
      description:
        "Uploads of the last 24 hours, and the test-split answers of the last 24 hours and 30 days for one data version, with when the next test answer is allowed: the same `quota` every upload answer carries. A test upload (the test split, or the full benchmark with test rows) is one answer, or as many as its files that are scored on the same hidden test instances; dev and validation uploads spend none.",
      auth: { kind: "required", scopes: [] },
      query: z.object({ benchmark: benchmarkParam() }),
      answers: [
        { status: 200, description: "Your quota for that data version.", schema: QuotaAnswer },
        error(400, "`benchmark` given twice."),
        error(401, "Neither a session nor a valid API token."),
        error(404, "An unknown benchmark or data version (the message names the known ones)."),
      ],
    },
  ];
}

function submissionRoutes(): ApiRoute[] {
  const hidden = error(404, "No such submission, or it is private to someone else.");
  return [
    {
      method: "GET",
      path: "/api/v1/submissions/{id}",
      group: "Submissions",
      summary: "Status, progress and figures of a submission",
      description:
        "Private or hidden submissions answer 404 to anyone but their owner and admins; the owner also gets the file summary and the validation report. A token without the `read` scope reads as a visitor.",
      auth: READER,
      pathParams: SubmissionId,
      answers: [{ status: 200, description: "The submission.", schema: SubmissionStatusAnswer }, unauthorized, hidden],
    },
    {
      method: "PATCH",
      path: "/api/v1/submissions/{id}",
      group: "Submissions",
      summary: "The owner makes a submission public or private",
      description: "Owner only (admins hide instead).",
      auth: required(CHANGE_RULE),
      pathParams: SubmissionId,
      body: [{ contentType: "application/json", schema: VisibilityRequest }],
      answers: [
        { status: 200, description: "Changed (or already so).", schema: VisibilityChanged },
        error(400, "A bad body."),
        unauthorized,
        error(403, "Not the owner, a cross-site session request, or a token without both the submit and the read scope."),
        hidden,
        error(409, "Another user made the same predictions public earlier: the earlier upload keeps the place."),
      ],
    },
    {
      method: "DELETE",
      path: "/api/v1/submissions/{id}",
      group: "Submissions",
      summary: "The owner or an admin deletes an upload, with its scores and results",
      auth: required(CHANGE_RULE),
      pathParams: SubmissionId,
      answers: [
        { status: 200, description: "Deleted (audited).", schema: SubmissionDeleted },
        unauthorized,
        error(403, "Neither owner nor admin, a cross-site session request, or a token without both the submit and the read scope."),
        hidden,
        error(409, "A seeded or reported row (the server's own data)."),
      ],
    },
    {
      method: "PATCH",
      path: "/api/v1/systems/{slug}",
      group: "Submissions",
      summary: "The owner renames a system or changes its kind",
      description:
        "The slug stays, so every link, row and pack keeps working; each change is audited and listed in the history on the system's page. The name passes the uploads' name checks; the kind is one an upload may give.",
      auth: required(SYSTEM_CHANGE_RULE),
      pathParams: SystemSlug,
      body: [{ contentType: "application/json", schema: SystemChangeRequest }],
      answers: [
        { status: 200, description: "Changed (or already so).", schema: SystemChanged },
        error(400, "A bad body."),
        unauthorized,
        error(
          403,
          "Not the owner (a system this leaderboard reports, another user's), a cross-site session request, or a token without both the submit and the read scope.",
        ),
        error(404, "No such system, or private to someone else."),
        error(409, "Another system of yours has that name, or the name reads the same as a reported or another user's public system."),
        error(422, "A name that reads as a reported row's label (a reported system's name plus tier or source words)."),
        error(429, "The system was changed 10 times in the last 24 hours."),
      ],
    },
    {
      method: "POST",
      path: "/api/v1/submissions/{id}/moderation",
      group: "Submissions",
      summary: "Admins verify, hide or flag a submission",
      description: "`hide` and `flag` need a reason, which is public (/audit).",
      auth: required(MODERATE_RULE),
      pathParams: SubmissionId,
      body: [{ contentType: "application/json", schema: ModerationRequest }],
      answers: [
        { status: 200, description: "Done; the audit log entry's id.", schema: ModerationDone },
        error(400, "A bad body."),
        unauthorized,
        error(403, "Not an admin (the same for every id), a cross-site session request, or a token without both scopes."),
        error(404, "No such submission."),
        error(409, "The action does not apply now (already verified, not hidden, …)."),
      ],
    },
    {
      method: "GET",
      path: "/api/v1/submissions/{id}/breakdown",
      group: "Submissions",
      summary: "An upload's per-instance or per-dimension figures, as its benchmark keeps them",
      description: "Test-split instances are withheld for everyone but admins (their gold is hidden). The parameters are the benchmark's own.",
      auth: READER,
      pathParams: SubmissionId,
      benchmarkQuery: benchmarkQueries((b) => b.submissionReads?.breakdown?.query),
      answers: [
        { status: 200, description: "The breakdown, as JSON or CSV.", contentType: "application/json, text/csv" },
        error(400, "A bad parameter, named."),
        unauthorized,
        error(404, "No such submission, private to someone else, or its benchmark keeps no breakdown."),
      ],
    },
    ...(["instance-input", "instance-explanation"] as const).map((read): ApiRoute => ({
      method: "GET",
      path: `/api/v1/submissions/{id}/${read}`,
      group: "Submissions",
      summary: read === "instance-input" ? "The model input of one instance the submission page lists" : "One listed instance, explained by its benchmark",
      description: "Fetched when a row of the submission page is opened. Test-split instances are never listed.",
      auth: READER,
      pathParams: SubmissionId,
      query: ListedInstanceQuery,
      answers: [
        { status: 200, description: "The instance.", schema: ListedInstanceAnswer },
        error(400, "A missing or bad parameter."),
        unauthorized,
        error(404, "No such submission, private to someone else, an instance it does not list, or a benchmark without this read."),
      ],
    })),
    {
      method: "GET",
      path: "/api/v1/submissions/{id}/items",
      group: "Submissions",
      summary: "An upload to a benchmark module, one row per evaluation item",
      description: "With the figures its track declares; its owner always, everyone for a public upload of a track whose items are public.",
      auth: READER,
      pathParams: SubmissionId,
      query: ModuleItemsQuery,
      answers: [
        { status: 200, description: "The items, as JSON or CSV.", schema: ModuleItemsAnswer, contentType: "application/json, text/csv" },
        error(400, "A bad parameter."),
        unauthorized,
        error(404, "No such submission, private, not a module upload, or items not public."),
      ],
    },
    {
      method: "GET",
      path: "/api/v1/submissions/{id}/pack",
      group: "Submissions",
      summary: "The run's reproducibility pack",
      description:
        "A zip: manifest.json with hashes and figures, per-instance results, judge verdicts and, where published, the predictions; served with a strong ETag.",
      auth: READER,
      pathParams: SubmissionId,
      query: z.object({ v: z.string().optional().describe("The pack's version, as its immutable link carries it.") }),
      headers: z.object({ "If-None-Match": z.string().optional().describe("The ETag of a pack you hold: 304 when unchanged.") }),
      answers: [
        { status: 200, description: "The pack.", contentType: "application/zip" },
        { status: 304, description: "Not modified." },
        unauthorized,
        error(404, "A submission the caller cannot see, a reported row, or a run not scored yet."),
        rateLimited,
      ],
    },
  ];
}

function releaseRoutes(): ApiRoute[] {
  return [
    {
      method: "GET",
      path: "/api/v1/releases",
      group: "Releases",
      summary: "Every archived snapshot, newest first",
      auth: PUBLIC,
      query: z.strictObject({ benchmark: z.string().optional().describe("Only this benchmark's releases.") }),
      answers: [{ status: 200, description: "The releases.", schema: ReleaseList }, error(400, "An unknown parameter.")],
    },
    {
      method: "GET",
      path: "/api/v1/releases/{id}",
      group: "Releases",
      summary: "A release's snapshot, as stored when it was cut",
      auth: PUBLIC,
      pathParams: z.object({ id: z.string().describe("The release's id.") }),
      answers: [
        { status: 200, description: "The snapshot (the same JSON as /api/v1/snapshot answered then).", schema: ReleaseSnapshot },
        error(404, "No such release."),
      ],
    },
  ];
}

function serverRoutes(): ApiRoute[] {
  return [
    {
      method: "GET",
      path: "/api/v1/queue",
      group: "Server",
      summary: "The scoring queue",
      description: "Private and hidden submissions are listed only to their owner and admins, marked `private: true`; to anyone else they count in the totals only.",
      auth: READER,
      answers: [{ status: 200, description: "Waiting, running and recently finished uploads.", schema: QueueAnswer }, unauthorized],
    },
    {
      method: "GET",
      path: "/api/v1/benchmarks/{benchmark}/readiness",
      group: "Server",
      summary: "Whether each track of a benchmark module can take an upload on this server",
      auth: PUBLIC,
      pathParams: z.object({
        benchmark: z.string().describe(`A benchmark's id: ${code(readinessBenchmarks().map((b) => b.id))}.`),
      }),
      answers: [{ status: 200, description: "Each track's readiness.", schema: ReadinessAnswer }, error(404, "No benchmark of that name, or one that cannot tell.")],
    },
    {
      method: "GET",
      path: "/api/v1/openapi.json",
      group: "Server",
      summary: "This API as an OpenAPI 3.1 document",
      description: "Generated from the same declaration as this page.",
      auth: PUBLIC,
      answers: [{ status: 200, description: "The document.", schema: OpenApiAnswer }],
    },
  ];
}

let built: { hosted: readonly unknown[]; routes: ApiRoute[] } | null = null;

/**
 * Every route, in the order /api-docs lists them. Built once per set of hosted benchmarks: building it makes every
 * zod schema again, and /api-docs (rendered per request for a visitor with a session cookie) and
 * /api/v1/openapi.json read it; a test registering a benchmark gets a new list.
 */
export function apiRoutes(): ApiRoute[] {
  const hosted = hostedBenchmarks();
  if (built?.hosted.length !== hosted.length || hosted.some((b, i) => b !== built!.hosted[i])) {
    built = { hosted, routes: [...leaderboardRoutes(), ...downloadRoutes(), ...submittingRoutes(), ...submissionRoutes(), ...releaseRoutes(), ...serverRoutes()] };
  }
  return built.routes;
}

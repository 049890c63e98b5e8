import { stringify } from "csv-stringify/sync";
import type { Db } from "@/lib/db/create-client";
import { unknownParamsIssue } from "@/lib/http/unknown-params";
import { applyTableQuery, unknownColumnsIssue } from "@/lib/leaderboard/apply-table-query";
import { DownloadFormat, parseFormat, VIEW_API_PARAMS } from "@/lib/leaderboard/download-format";
import { parseTableQuery, serializeTableQuery, type TableQuery } from "@/lib/leaderboard/table-state";
import { viewRecordFields, viewRecords } from "@/lib/leaderboard/to-table";
import { csvSafeString } from "@/lib/security/csv-safe";
import { loadBenchmarkView } from "./load-benchmark-view";
import { hasSplits } from "./module-splits";
import type { OneCallBenchmark, LoadedView, ReadAnswer } from "./types";
import { ApiError, type ApiErrorCode } from "@/lib/http/api-error";

const error = (code: ApiErrorCode, message: string, issues?: string[]): ReadAnswer => ({
  kind: "error",
  error: new ApiError(code, message, issues ? { issues } : {}),
});

const REWARDS_FROM_SERVICE = "rewards_from_service";
/** true: the row was scored on a synthetic evaluation set (not the benchmark's real data) and is not ranked */
const SYNTHETIC = "synthetic";

/**
 * GET /api/v1/leaderboards/<benchmark>[/<view>] for a registered benchmark module: the same `rows` shape as
 * the AlpsBench views (the same table query, ranks and CSV/JSON records through the same pure functions),
 * plus the module's settings as extra fields of each row and as filters; `split` picks the board of one of the
 * module's splits (default: its first).
 */
export async function benchmarkViewAnswer(db: Db, benchmark: OneCallBenchmark, viewId: string, search: URLSearchParams): Promise<ReadAnswer> {
  if (search.get("format") === "charts") return chartsAnswer(db, benchmark, viewId, search);
  const format = parseFormat(DownloadFormat, search);
  const table = await moduleViewTable(db, benchmark, viewId, search);
  if (table === null) {
    const known = benchmark.views.map((v) => (v.id ? `${benchmark.id}/${v.id}` : benchmark.id));
    return error("not_found", `Unknown ${benchmark.title} view "${viewId}". Known: ${known.join(", ")}.`);
  }
  const issues = [...(format.ok ? [] : [format.issue]), ...(table.ok ? [] : table.issues)];
  if (!format.ok || !table.ok) return error("bad_request", issues.join("; "), issues);
  const { board, query, view, columns, rows, attributeKeys } = table;
  // a module with splits names the file after the board's split; one without keeps the name it always had
  const name = `${board.id}-${hasSplits(benchmark) ? board.split : "test"}`;
  if (format.format === "csv") return { kind: "csv", text: moduleViewCsv(columns, rows), filename: `${name}.csv` };
  return {
    kind: "json",
    body: {
      leaderboard: board.id,
      title: board.title,
      benchmark: benchmark.id,
      split: board.split,
      scoreVersion: "latest",
      query: serializeTableQuery(query),
      sort: view.sort,
      rankedBy: view.rankColumn?.id ?? null,
      total: view.total,
      columns: view.columns,
      filters: attributeKeys,
      rows,
      notes: board.notes,
    },
    filename: `${name}.json`,
    inline: true,
  };
}

type ModuleViewTable =
  | { ok: false; issues: string[] }
  | {
      ok: true;
      board: LoadedView["board"];
      query: TableQuery;
      view: ReturnType<typeof applyTableQuery>;
      /** the record fields in download order: identity, the module's settings, then the metrics */
      columns: string[];
      rows: Record<string, unknown>[];
      attributeKeys: readonly string[];
    };

/**
 * One module view under a table query, as records with the module's settings as extra fields (the view API, its
 * CSV and the snapshot share it). null: no such view.
 */
export async function moduleViewTable(db: Db, benchmark: OneCallBenchmark, viewId: string, search: URLSearchParams): Promise<ModuleViewTable | null> {
  const parsed = parseTableQuery(search);
  const loaded = await loadBenchmarkView(db, benchmark, viewId, search);
  if (loaded === null) return null;
  const unknown = loaded.ok ? unknownParamsIssue(search, [...VIEW_API_PARAMS, ...loaded.view.attributeKeys]) : null;
  const issues = [...(parsed.ok ? [] : parsed.issues), ...(loaded.ok ? [] : loaded.issues), ...(unknown ? [unknown] : [])];
  if (!parsed.ok || !loaded.ok || unknown) return { ok: false, issues };
  const { board, attributes, attributeKeys } = loaded.view;
  const view = applyTableQuery(board, parsed.query);
  const columnsIssue = unknownColumnsIssue(board, view);
  if (columnsIssue) return { ok: false, issues: [columnsIssue] };
  // settings right after the row's identity, so a CSV reads "system, tier, setting, algorithm, ..., metrics"
  const fields = viewRecordFields(view);
  // after the last identity field (uploader, marks, why unranked), before the first metric column
  const firstMetric = view.columns[0]?.id;
  const cut = firstMetric !== undefined && fields.includes(firstMetric) ? fields.indexOf(firstMetric) : fields.length;
  // the fields of what the module declares it may use: rewards_from_service (the reward profile's short hash when
  // the server's reward service supplied scores, else null) where a track's rows may leave scores to the service,
  // synthetic where its evaluation data may be a synthetic stand-in; a module with neither has neither column
  const capabilities = [...(benchmark.tracks.some((t) => t.rewardTexts) ? [REWARDS_FROM_SERVICE] : []), ...(benchmark.evaluationDataIsSynthetic ? [SYNTHETIC] : [])];
  const columns = [...fields.slice(0, cut), ...capabilities, ...attributeKeys, ...fields.slice(cut)];
  const rows = viewRecords(view).map((record, i) => {
    const extra: Record<string, string | number | null> = {
      ...attributes.get(String(record.row_id)),
      [REWARDS_FROM_SERVICE]: view.rows[i]?.rewardsFromService ?? null,
    };
    const synthetic = view.rows[i]?.syntheticData === true;
    return Object.fromEntries(columns.map((c) => [c, c === SYNTHETIC ? synthetic : c in record ? record[c] : (extra[c] ?? null)]));
  });
  return { ok: true, board, query: parsed.query, view, columns, rows, attributeKeys };
}

/** A module view's records as CSV (formula-safe strings, booleans as words). */
export function moduleViewCsv(columns: string[], rows: Record<string, unknown>[]): string {
  return stringify(rows, { header: true, columns, cast: { boolean: (v) => (v ? "true" : "false"), string: csvSafeString } });
}

/**
 * `?format=charts`: the view's charts as the module declares them (plain data: bars, heat maps, their data
 * tables), under the view's own filters. The module's page fetches them when the reader scrolls to them.
 */
async function chartsAnswer(db: Db, benchmark: OneCallBenchmark, viewId: string, search: URLSearchParams): Promise<ReadAnswer> {
  const loaded = await loadBenchmarkView(db, benchmark, viewId, search);
  if (loaded === null) return error("not_found", `Unknown ${benchmark.title} view "${viewId}".`);
  if (!loaded.ok) return error("bad_request", loaded.issues.join("; "), loaded.issues);
  const unknown = unknownParamsIssue(search, [...VIEW_API_PARAMS, ...loaded.view.attributeKeys]);
  if (unknown) return error("bad_request", unknown, [unknown]);
  return { kind: "json", body: { benchmark: benchmark.id, view: viewId, charts: benchmark.charts(viewId, loaded.view) } };
}

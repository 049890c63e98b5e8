import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import type { Db } from "@/lib/db/create-client";
import { leaderboardVersion } from "@/lib/db/queries/leaderboard-version-memo";
import { cachedGzipFile, fileBody, removeOtherVersions } from "@/lib/http/gzip-file-cache";
import { throughHeavyReadGate } from "@/lib/http/heavy-read-gate";
import type { EeeBenchmarkHook } from "./hook";
import { instancesOfBoards } from "./export-instances";
import { eeeZipFiles, zipOf } from "./export-zip";
import { publicOrigin } from "@/lib/http/public-origin";
import { ApiError, apiErrorAnswer } from "@/lib/http/api-error";

type EeeScope = { dataVersion: string; split: "all" | "full" | "dev" | "validation" | "test"; scoreVersion?: string };

/**
 * What the export is made from besides the database: every field here changes its bytes, so every field is part
 * of the stored file's key (a new setting added to the builder goes here, and the next request rebuilds).
 */
type EeeSettings = { siteUrl: string };

/** The origin the exported files' links are written with (never the request's Host header: lib/http/public-origin.ts). */
const siteUrl = () => publicOrigin();

const settingsNow = (): EeeSettings => ({ siteUrl: siteUrl() });

/** Bump when the export's files change for the same data and settings (lib/eee/export-*.ts), so no old zip is served. */
const EXPORT_FILES_VERSION = "2";

/** The zip of one scope, built from the database as it is now (the builder; lib/eee/export-*.ts decide its content). */
async function buildEeeZip(db: Db, hook: EeeBenchmarkHook, scope: EeeScope, settings: EeeSettings, retrievedAt: Date): Promise<Uint8Array> {
  const boards = await hook.boards(db, scope);
  const instances = await instancesOfBoards(db, hook, boards);
  return zipOf(eeeZipFiles(hook, boards, { retrievedAt, siteUrl: settings.siteUrl, instances }));
}

const digest = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 32);

/**
 * `format=eee` of the view and snapshot endpoints: every public row of one data version and split as Every Eval Ever
 * records plus Hugging Face `.eval_results` YAML (and the per-item JSONL of rows whose predictions are public), zipped
 * with a sha256 list (lib/eee/export-zip.ts). Whatever view was asked, the whole benchmark is exported: a record
 * covers one row's every track.
 *
 * Built once per leaderboard version (the row every change a public board shows bumps), scope and settings, and
 * kept on disk beside the other built downloads (lib/http/gzip-file-cache.ts): a build cost ~15 CPU-s on the real
 * data, so building per request let four anonymous clients stall the site. The version is read before the data, so
 * a stored zip is at least as new as its key says. Builds are single-flight per key (a client that goes away leaves
 * the build to finish for the next one) and behind the heavy-read gate (one build at a time per process, a bounded
 * line, 503 with Retry-After past it); a stored zip is streamed to every client at once, outside the gate. The content is the same for every visitor
 * (public rows only), so one file serves everyone; older versions' files of the scope are removed once a newer one
 * is written.
 */
export async function eeeZipResponse(db: Db, hook: EeeBenchmarkHook | undefined, scope: EeeScope, benchmarkTitle: string): Promise<Response> {
  if (!hook) {
    const message = `format: ${benchmarkTitle} has no Every Eval Ever export (use json or csv)`;
    return apiErrorAnswer(new ApiError("bad_request", message, { issues: [message] }));
  }
  const version = await leaderboardVersion(db);
  const settings = settingsNow();
  // a database without the version row (never in practice) must not be served an old zip forever: built, not kept
  if (version < 0n) {
    const retrievedAt = new Date();
    return throughHeavyReadGate("eee", async () => zipAnswer(await buildEeeZip(db, hook, scope, settings, retrievedAt), scope, retrievedAt));
  }
  const scopeKey = `eee-${EXPORT_FILES_VERSION}-${digest([hook.datasetName, scope.dataVersion, scope.split, scope.scoreVersion ?? null])}`;
  const key = `${scopeKey}-${digest([version.toString(), settings])}`;
  const stored = await cachedGzipFile(
    key,
    () => {
      // a stream that builds on its first pull: the build runs once, inside the cache's single flight and gate place
      const retrievedAt = new Date();
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          controller.enqueue(await buildEeeZip(db, hook, scope, settings, retrievedAt));
          controller.close();
        },
      });
    },
    "identity",
    "eee",
  );
  await removeOtherVersions(`${scopeKey}-`, key);
  return zipAnswer(fileBody(stored.file), scope, (await stat(stored.file)).mtime, stored.bytes);
}

function zipAnswer(body: Uint8Array | ReadableStream<Uint8Array>, scope: EeeScope, builtAt: Date, bytes = (body as Uint8Array).byteLength): Response {
  const name = `${scope.dataVersion}-${scope.split}-every-eval-ever-${builtAt.toISOString().slice(0, 10)}`;
  return new Response(body instanceof Uint8Array ? Buffer.from(body) : body, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${name}.zip"`,
      "content-length": String(bytes),
      "cache-control": "no-store",
    },
  });
}

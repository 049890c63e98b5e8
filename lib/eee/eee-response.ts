import { NextResponse } from "next/server";
import type { Db } from "@/lib/db/create-client";
import type { EeeBenchmarkHook } from "./hook";
import { instancesOfBoards } from "./export-instances";
import { eeeZipFiles, zipOf } from "./export-zip";
import { publicOrigin } from "@/lib/http/public-origin";

/** The origin the exported files' links are written with (never the request's Host header: lib/http/public-origin.ts). */
const siteUrl = () => publicOrigin();

/**
 * `format=eee` of the view and snapshot endpoints: every public row of one data version and split as Every Eval Ever
 * records plus Hugging Face `.eval_results` YAML (and the per-item JSONL of rows whose predictions are public), zipped with a sha256 list (lib/eee/export-zip.ts). Whatever view
 * was asked, the whole benchmark is exported: a record covers one row's every track.
 */
export async function eeeZipResponse(
  db: Db,
  hook: EeeBenchmarkHook | undefined,
  scope: { dataVersion: string; split: "all" | "full" | "dev" | "validation" | "test"; scoreVersion?: string },
  benchmarkTitle: string,
): Promise<Response> {
  if (!hook) {
    const message = `format: ${benchmarkTitle} has no Every Eval Ever export (use json or csv)`;
    return NextResponse.json({ error: { code: "bad_request", message, issues: [message] } }, { status: 400 });
  }
  const retrievedAt = new Date();
  const boards = await hook.boards(db, scope);
  const instances = await instancesOfBoards(db, hook, boards);
  const zip = zipOf(eeeZipFiles(hook, boards, { retrievedAt, siteUrl: siteUrl(), instances }));
  const name = `${scope.dataVersion}-${scope.split}-every-eval-ever-${retrievedAt.toISOString().slice(0, 10)}`;
  return new NextResponse(Buffer.from(zip), { headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="${name}.zip"` } });
}

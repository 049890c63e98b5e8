import { strToU8, zipSync } from "fflate";
import { NextResponse } from "next/server";
import type { Db } from "@/lib/db/create-client";
import { eeeZipResponse } from "@/lib/eee/eee-response";
import { apiErrorAnswer } from "@/lib/http/api-error";
import { fileBody } from "@/lib/http/gzip-file-cache";
import type { BenchmarkIdentity } from "./types";
import type { ReadAnswer } from "./types-answer";

const NDJSON = "application/x-ndjson; charset=utf-8";

/**
 * The HTTP answer of a benchmark's read (types-answer.ts), the same for every benchmark: the type and disposition of
 * its kind, the cache rule and figures it declares; a stored file streamed at the download pace (fileBody); an Every
 * Eval Ever export through the platform's stored export of the benchmark's `eee` hook; a refusal as its ApiError.
 */
export async function readAnswerResponse(db: Db, benchmark: Pick<BenchmarkIdentity, "eee" | "title">, answer: ReadAnswer): Promise<Response> {
  if (answer.kind === "error") return apiErrorAnswer(answer.error);
  if (answer.kind === "eee") return eeeZipResponse(db, benchmark.eee, answer.scope, benchmark.title);
  const headers: Record<string, string> = {};
  if (answer.filename !== undefined) headers["content-disposition"] = `${answer.inline ? "inline" : "attachment"}; filename="${answer.filename}"`;
  if (answer.noStore) headers["cache-control"] = "no-store";
  Object.assign(headers, answer.headers);
  switch (answer.kind) {
    case "json":
      return NextResponse.json(answer.body, { headers });
    case "csv":
      return new NextResponse(answer.text, { headers: { ...headers, "content-type": "text/csv; charset=utf-8" } });
    case "lines":
      return new NextResponse(answer.text, { headers: { ...headers, "content-type": NDJSON } });
    case "zip": {
      const zip = zipSync(Object.fromEntries(Object.entries(answer.files).map(([file, text]) => [file, strToU8(text)])), { level: 6 });
      return new NextResponse(Buffer.from(zip), { headers: { ...headers, "content-type": "application/zip" } });
    }
    case "stored": {
      const type = answer.form === "gzip" ? "application/gzip" : NDJSON;
      if (answer.encoding) headers["content-encoding"] = answer.encoding;
      return new NextResponse(fileBody(answer.file), { headers: { ...headers, "content-type": type, "content-length": String(answer.bytes) } });
    }
  }
}

import type { EeeBenchmarkHook } from "@/lib/eee/hook";
import type { ApiError } from "@/lib/http/api-error";

/**
 * Part of the benchmark contract (lib/benchmarks/types.ts re-exports it): what a benchmark's read hooks answer (its
 * views, snapshot, inputs and an upload's breakdown). Data only: the platform turns it into the HTTP answer
 * (lib/benchmarks/read-answer.ts), the same way for the platform's default answers and a benchmark's own.
 */

interface AnswerCommon {
  /** the name a browser saves it under; absent: no Content-Disposition */
  filename?: string;
  /** shown in the browser rather than saved (Content-Disposition inline); default: saved */
  inline?: boolean;
  /** built for this request (or this reader): never kept by a cache */
  noStore?: boolean;
  /** figures a client reads before the body, by the header name the benchmark documents (X-AlpsBench-Instances) */
  headers?: Readonly<Record<string, string>>;
}

export type ReadAnswer =
  /** a JSON document */
  | (AnswerCommon & { kind: "json"; body: unknown })
  /** a CSV file (its text as the benchmark's CSV writer made it, byte order mark included) */
  | (AnswerCommon & { kind: "csv"; text: string; filename: string })
  /** a JSON Lines file built for this request */
  | (AnswerCommon & { kind: "lines"; text: string; filename: string })
  /** a zip of text files, by path */
  | (AnswerCommon & { kind: "zip"; files: Readonly<Record<string, string>>; filename: string })
  /**
   * A built file kept on disk (lib/http/gzip-file-cache.ts), streamed at the download pace: JSON Lines as they are,
   * JSON Lines under a Content-Encoding (`encoding`), or a gzip file
   */
  | (AnswerCommon & { kind: "stored"; file: string; bytes: number; form: "lines" | "gzip"; encoding?: "gzip" | "br"; filename: string })
  /** the benchmark's Every Eval Ever export of a scope, built and kept by the platform (its `eee` hook) */
  | { kind: "eee"; scope: Parameters<EeeBenchmarkHook["boards"]>[1] }
  /** a refusal: answered with its code's status and body */
  | { kind: "error"; error: ApiError };

import { DatasetError, inconsistent } from "./errors";
import type { Task4AbilityName } from "./packet-schema";

/**
 * Task 4 instances have no id field of their own: the benchmark id is the prefix every query id
 * shares (`ability1_156:1` → `ability1_156`; EI `english_44:0` → `english_44`). Abilities 1-4 use
 * `ability<N>_<k>`, ability 5 (EI) `english_<k>` / `chinese_<k>`.
 */
export function task4BenchmarkId(
  queries: readonly { query_id: string }[],
  ability: Task4AbilityName,
  where: { file: string; line?: number; fieldPrefix: string },
): string {
  let benchmarkId: string | undefined;
  queries.forEach((query, index) => {
    const field = `${where.fieldPrefix}queries[${index}].query_id`;
    const match = /^(.+):(\d+)$/.exec(query.query_id);
    if (!match) {
      throw new DatasetError({
        code: "invalid_field",
        file: where.file,
        line: where.line,
        field,
        message: `expected "<benchmark_id>:<n>", got ${JSON.stringify(query.query_id)}`,
      });
    }
    const prefix = match[1] as string;
    if (benchmarkId === undefined) benchmarkId = prefix;
    else if (prefix !== benchmarkId) {
      throw inconsistent(
        { file: where.file, line: where.line },
        field,
        `query ids of one instance must share a prefix: ${JSON.stringify(prefix)} vs ${JSON.stringify(benchmarkId)}`,
      );
    }
  });
  if (benchmarkId === undefined) {
    throw new DatasetError({ code: "invalid_field", file: where.file, line: where.line, field: `${where.fieldPrefix}queries`, message: "no queries" });
  }
  const expected = ability === "ability5" ? /^(english|chinese)_\d+$/ : new RegExp(`^${ability}_\\d+$`);
  if (!expected.test(benchmarkId)) {
    throw inconsistent(
      { file: where.file, line: where.line },
      `${where.fieldPrefix}queries[0].query_id`,
      `id ${JSON.stringify(benchmarkId)} does not fit ${ability} (${ability === "ability5" ? "english_<k> or chinese_<k>" : `${ability}_<k>`})`,
    );
  }
  return benchmarkId;
}

/** EI instances report English and Chinese separately: the language is in the id. */
export function eiLanguageOf(benchmarkId: string): "English" | "Chinese" | undefined {
  if (benchmarkId.startsWith("english_")) return "English";
  if (benchmarkId.startsWith("chinese_")) return "Chinese";
  return undefined;
}

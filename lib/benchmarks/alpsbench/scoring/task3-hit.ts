import { isPythonSpace, pythonStrip } from "./python-whitespace";
import { pythonJsonDumps } from "./python-repr";

/**
 * Whether a Task 3 pick is the target, read as the authors' public checker reads it (HEAD src/benchmark/metrics.py,
 * `normalize_text`: outer whitespace stripped, lower-cased, runs of whitespace folded to one space) and as
 * SCORING.md adds:
 *  - an id counts without regard to case or spacing: `M3` for `m3`, `C0A1…` for `c0a1…`;
 *  - where the row gives no id, the chosen memory's value counts when it equals the target's after that folding
 *    (the target is one of the candidates, so the value is one candidate's); a row that gives an id is decided
 *    by its id alone (the checker also accepts a wrong id beside the target's value: two picks in one row);
 *  - an id inside a fenced or JSON `answer` counts (read-task3-prediction.ts reads it out).
 * A row keyed by the released instance id (a harness run on the authors' released inputs) names the target by its
 * released id (`m3`); a row keyed by this server's id names it by the server's candidate id.
 */
export function foldTask3Text(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value : pythonJsonDumps(value);
  let out = "";
  let space = false;
  for (const ch of pythonStrip(text).toLowerCase()) {
    if (isPythonSpace(ch.charCodeAt(0))) space = true;
    else {
      if (space) out += " ";
      space = false;
      out += ch;
    }
  }
  return out;
}

type Gold = { selected_memory_id?: unknown; selected_memory?: { value?: unknown } | null; released?: { selected_memory_id?: unknown } | null };

export function task3Hit(pick: { selectedMemoryId: string | null; selectedValue: string | null }, gold: unknown, keyedByReleasedId: boolean): boolean {
  const g = (typeof gold === "object" && gold !== null ? gold : {}) as Gold;
  if (pick.selectedMemoryId !== null) {
    const goldId = foldTask3Text(keyedByReleasedId ? g.released?.selected_memory_id : g.selected_memory_id);
    return goldId !== "" && foldTask3Text(pick.selectedMemoryId) === goldId;
  }
  if (pick.selectedValue !== null) {
    const goldValue = foldTask3Text(g.selected_memory?.value);
    return goldValue !== "" && foldTask3Text(pick.selectedValue) === goldValue;
  }
  return false;
}

/** The released instance id a stored Task 3 gold names (server-pools-v4), or null. */
export function releasedIdOf(gold: unknown): string | null {
  const id = (gold as Gold | null)?.released as { benchmark_id?: unknown } | undefined;
  return typeof id?.benchmark_id === "string" ? id.benchmark_id : null;
}

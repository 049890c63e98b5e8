import { PAPER_FIGURES } from "./paper-figures";
import { REPORTED_FIGURES } from "./reported-figures";
import { REPORTED_SOURCES, type ReportedSourceKey } from "./reported-types";

/** What another publication reported for a shown cell, where the two disagree. */
type OtherReportedFigure = { value: number; source: string };

const key = (system: string, track: string, metric: string) => `${system}|${track}|${metric}`;
/** Two figures agree when they print alike at 6 decimals (every publication printed at most 4). */
const same = (a: number, b: number) => a.toFixed(6) === b.toFixed(6);

/**
 * Every reported cell whose shown figure (REPORTED_FIGURES, the one it ranks by) another publication contradicts
 * (PAPER_FIGURES), keyed by system, track and metric; figures that agree are left out. Pure.
 */
export function reportedDisagreements(): Map<string, OtherReportedFigure & { shown: number; shownSource: string }> {
  const byCell = new Map(REPORTED_FIGURES.map(([system, source, track, metric, value]) => [key(system, track, metric), { value, source }]));
  const out = new Map<string, OtherReportedFigure & { shown: number; shownSource: string }>();
  for (const [system, source, track, metric, value] of PAPER_FIGURES) {
    const cell = byCell.get(key(system, track, metric));
    if (!cell || same(cell.value, value)) continue;
    const label = REPORTED_SOURCES[source as ReportedSourceKey].label;
    const earlier = out.get(key(system, track, metric));
    // two tables of the paper printing the same contradicting figure (GPT-4.1-mini in Tables 2 and 4): both named
    if (earlier && same(earlier.value, value)) {
      earlier.source = `${earlier.source}; ${label}`;
      continue;
    }
    if (earlier) throw new Error(`two publications contradict ${key(system, track, metric)} with different figures: name one`);
    out.set(key(system, track, metric), {
      value,
      source: label,
      shown: cell.value,
      shownSource: REPORTED_SOURCES[cell.source].label,
    });
  }
  return out;
}

/** The other publication's figure for one shown reported cell, or null when none disagrees. */
export function otherReportedFigure(system: string, track: string, metric: string): OtherReportedFigure | null {
  const found = DISAGREEMENTS.get(key(system, track, metric));
  return found ? { value: found.value, source: found.source } : null;
}

const DISAGREEMENTS = reportedDisagreements();

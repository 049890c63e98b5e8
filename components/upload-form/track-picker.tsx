import type { UploadModuleOption, UploadModuleTrack } from "@/lib/benchmarks/types-submit-form";
import { MissingDataNotice } from "../upload-module-format";
import type { UploadBenchmarkOption, UploadTestQuotaOption, UploadTrackOption } from "./options";
import { hintCls, inputCls } from "./styles";
import { FieldLabel } from "../field-label";
import { SelectOptions } from "@/components/select-options";

/** Dev first, the default: a newcomer's first upload spends no test answer (issue 36 #1). */
const SPLIT_OPTIONS = [
  { value: "dev", label: "Dev (no test quota)" },
  { value: "validation", label: "Validation (no test quota)" },
  { value: "full", label: "Full benchmark (every instance; a test upload)" },
  { value: "test", label: "Test (hidden gold; a test upload)" },
] as const;

/** The form's default split. */
export const DEFAULT_SPLIT = "dev";

/** What an upload on `split` costs, and what is left (beside the split picker). */
function splitCost(split: string, quota: UploadTestQuotaOption | null): string {
  const left = quota ? ` ${quota.leftToday} of ${quota.perDay} test answers left today, ${quota.leftMonth} of ${quota.perMonth} this month (30 days).` : "";
  if (split === "dev" || split === "validation") return `Costs no test answer: dev and validation uploads have no test limit.${left}`;
  if (!quota) return "A test upload; this benchmark's test split is not limited (its gold is synthetic).";
  const what = split === "full" ? "The full benchmark holds the test instances, so this is a test upload" : "A test upload";
  return `${what}: it spends 1 test answer (${quota.perDay} a day, ${quota.perMonth} in 30 days; files of a run that are scored on the same hidden instances count one answer each).${left}`;
}

/** The split a module's track takes an upload on: the chosen one when the track has it, else its first. */
export function moduleSplitOf(track: UploadModuleTrack | null, split: string): string | null {
  const splits = track?.splits ?? [];
  return (splits.find((s) => s.id === split) ?? splits[0])?.id ?? null;
}

/** A module track's splits: what each costs is whether its gold is hidden (a test upload) or not. */
function ModuleSplitPicker({
  id,
  splits,
  split,
  onSplit,
}: {
  id: string;
  splits: NonNullable<UploadModuleTrack["splits"]>;
  split: string;
  onSplit(next: string): void;
}) {
  const chosen = splits.find((s) => s.id === split) ?? splits[0]!;
  return (
    <div>
      <FieldLabel htmlFor={`${id}-split`}>Split</FieldLabel>
      <select id={`${id}-split`} name="split" value={chosen.id} onChange={(e) => onSplit(e.target.value)} className={inputCls} aria-describedby={`${id}-split-cost`}>
        <SelectOptions items={splits} value={(s) => s.id} label={(s) => (s.goldHidden ? `${s.id} (hidden gold; a test upload)` : `${s.id} (no test quota)`)} />
      </select>
      <p id={`${id}-split-cost`} className={`${hintCls} font-medium text-fg`} data-testid="split-cost">
        {chosen.goldHidden
          ? "A test upload: its gold is hidden, so it spends 1 test answer of the daily and 30-day test limits, and its per-item rows are never shown."
          : "Costs no test answer. Scored on this split's items only: the file has one row for each of them."}
      </p>
    </div>
  );
}

/**
 * The benchmark, track and split pickers. A benchmark's tracks come in the groups its `submitForm` declares (optgroups)
 * and take a split, one the chosen data version holds no instances of disabled; without one, its one-call tracks are
 * listed flat, one without data on this server disabled, and take the
 * splits the module declares (none: no split picker).
 */
export function TrackPicker({
  id,
  benchmarks,
  modules,
  benchmark,
  onBenchmark,
  groups,
  track,
  onTrack,
  module,
  moduleTrack,
  split,
  onSplit,
  testQuota,
}: {
  id: string;
  benchmarks: readonly UploadBenchmarkOption[];
  modules: readonly UploadModuleOption[];
  benchmark: string;
  onBenchmark(next: string): void;
  /** the chosen benchmark's declared picker groups, in order */
  groups: readonly { id: string; label: string; options: readonly UploadTrackOption[] }[];
  track: string;
  onTrack(next: string): void;
  module: UploadModuleOption | null;
  moduleTrack: UploadModuleTrack | null;
  split: string;
  onSplit(next: string): void;
  /** the chosen data version's test answers left; null: not limited */
  testQuota: UploadTestQuotaOption | null;
}) {
  // the chosen data version's tracks without instances here (a partial import): shown, not chosen
  const gaps = benchmarks.find((b) => b.slug === benchmark)?.missingData ?? {};
  return (
    <div className="space-y-4">
      <div>
        <FieldLabel htmlFor={`${id}-benchmark`}>Benchmark</FieldLabel>
        <select id={`${id}-benchmark`} name="benchmark" value={benchmark} onChange={(e) => onBenchmark(e.target.value)} className={inputCls}>
          <SelectOptions items={benchmarks} value={(b) => b.slug} label={(b) => b.label} />
          {modules.map((m) => {
            const noData = m.tracks.every((t) => t.missingData !== null);
            return (
              // offered while its notice is shown (the module's board links here), never chosen from another benchmark
              <option key={m.id} value={m.id} disabled={noData && m.id !== benchmark}>
                {noData ? `${m.title} (no evaluation data on this server)` : m.title}
              </option>
            );
          })}
        </select>
      </div>
      <div>
        <FieldLabel htmlFor={`${id}-task`}>
          Track <span aria-hidden="true">*</span>
        </FieldLabel>
        <select
          id={`${id}-task`}
          name="task"
          required
          value={module ? (moduleTrack?.id ?? "") : track}
          onChange={(e) => onTrack(e.target.value)}
          className={inputCls}
        >
          {module
            ? module.tracks.map((t) => (
                <option key={t.id} value={t.id} disabled={t.missingData !== null && t.id !== moduleTrack?.id}>
                  {t.missingData === null ? t.title : `${t.title} (no evaluation data on this server)`}
                </option>
              ))
            : groups.map((g) => (
                <optgroup key={g.id} label={g.label}>
                  {g.options.map((t) => (
                    <option key={t.id} value={t.id} disabled={t.id in gaps && t.id !== track}>
                      {t.id in gaps ? `${t.label} (no evaluation data on this server)` : t.label}
                    </option>
                  ))}
                </optgroup>
              ))}
        </select>
      </div>
      {module && moduleTrack ? <p className={hintCls}>{moduleTrack.description}</p> : null}
      {module && moduleTrack ? <MissingDataNotice missing={moduleTrack.missingData} /> : <MissingDataNotice missing={gaps[track] ?? null} />}
      {module && moduleTrack?.splits?.length ? <ModuleSplitPicker id={id} splits={moduleTrack.splits} split={split} onSplit={onSplit} /> : null}
      {module ? null : (
        <div>
          <FieldLabel htmlFor={`${id}-split`}>Split</FieldLabel>
          <select
            id={`${id}-split`}
            name="split"
            value={split}
            onChange={(e) => onSplit(e.target.value)}
            className={inputCls}
            aria-describedby={`${id}-split-cost ${id}-split-hint`}
          >
            <SelectOptions items={SPLIT_OPTIONS} value={(s) => s.value} label={(s) => s.label} />
          </select>
          <p id={`${id}-split-cost`} className={`${hintCls} font-medium text-fg`} data-testid="split-cost">
            {splitCost(split, testQuota)}
          </p>
          <p id={`${id}-split-hint`} className={hintCls}>
            Scored on this split&apos;s instances only; instances you leave out score as empty predictions. In an archive, dev/ and validation/ folders say their
            files&apos; split; a test/ folder needs the Test split chosen.
          </p>
        </div>
      )}
    </div>
  );
}

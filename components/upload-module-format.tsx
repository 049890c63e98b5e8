import type { RowFormat } from "@/lib/benchmarks/types";

/** A registered benchmark module's track as the submit form offers it (plain data from the module's declarations). */
export interface UploadModuleTrack {
  id: string;
  title: string;
  description: string;
  rowFormat: RowFormat;
  /** null when the track can take an upload here; otherwise what data is missing and how an operator imports it */
  missingData: string | null;
}

export interface UploadModuleOption {
  id: string;
  title: string;
  tracks: readonly UploadModuleTrack[];
}

/** The row format of a module's track: what a row is, its columns and one example line. */
export function UploadModuleFormat({ module, track, headingId }: { module: UploadModuleOption; track: UploadModuleTrack; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-md border border-line bg-surface-muted p-4">
      <h3 id={headingId} className="text-sm font-semibold text-fg">
        Prediction format · {module.title} · {track.title}
      </h3>
      <p className="mt-1 text-sm text-fg-muted">{track.rowFormat.summary}</p>
      <ul className="mt-2 max-h-48 space-y-0.5 overflow-y-auto text-[0.8125rem] text-fg-muted">
        {track.rowFormat.columns.map((c) => (
          <li key={c.name}>
            <code className="font-mono text-fg">{c.name}</code> ({c.type}
            {c.required ? "" : ", optional"}): {c.description}
          </li>
        ))}
      </ul>
      {/* wrapped, not scrolled: a phone shows no scroll bar, so a scrolled example looked cut off */}
      <pre className="mt-2 rounded border border-line bg-surface p-2.5 font-mono text-[0.75rem] leading-relaxed whitespace-pre-wrap text-fg [overflow-wrap:anywhere]">
        <code>{JSON.stringify(track.rowFormat.example)}</code>
      </pre>
      <p className="mt-2 text-[0.8125rem] text-fg-muted">
        JSONL (one object per line), CSV (a header row with these columns) or parquet; gzip accepted. Every row is checked before anything is stored.
      </p>
    </section>
  );
}

/** Said before any upload: the chosen track has no evaluation data on this server, and what would fix it. */
export function MissingDataNotice({ track }: { track: UploadModuleTrack }) {
  if (track.missingData === null) return null;
  return (
    <p role="status" data-testid="missing-data-notice" className="rounded-md border border-tier-reported-line bg-tier-reported-bg p-3 text-sm text-tier-reported-fg">
      <span className="font-semibold">This track cannot take an upload yet.</span> {track.missingData}
    </p>
  );
}

import type { ReactNode } from "react";
import type { RowFormat } from "@/lib/benchmarks/types";

/**
 * The row format of the chosen track, from its benchmark's declaration: what a row is, its columns (when a flat
 * list says it), one example row and what else to know; `children` adds links (inputs, an example file).
 */
export function FormatBox({
  headingId,
  title,
  rowFormat,
  filesNote,
  children,
}: {
  headingId: string;
  title: string;
  rowFormat: RowFormat;
  /** the files the track takes, said after the row's notes */
  filesNote: string;
  children?: ReactNode;
}) {
  const notes = [rowFormat.notes, filesNote].filter(Boolean).join(" ");
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-md border border-line bg-surface-muted p-4">
      <h3 id={headingId} className="text-sm font-semibold text-fg">
        Prediction format · {title}
      </h3>
      <p className="mt-1 text-sm text-fg-muted">{rowFormat.summary}</p>
      {rowFormat.columns.length > 0 ? (
        <ul className="mt-2 max-h-48 space-y-0.5 overflow-y-auto text-[0.8125rem] text-fg-muted">
          {rowFormat.columns.map((c) => (
            <li key={c.name}>
              <code className="font-mono text-fg">{c.name}</code> ({c.type}
              {c.required ? "" : ", optional"}): {c.description}
            </li>
          ))}
        </ul>
      ) : null}
      {/* wrapped, not scrolled: a phone shows no scroll bar, so a scrolled example looked cut off */}
      <pre className="mt-2 rounded border border-line bg-surface p-2.5 font-mono text-[0.75rem] leading-relaxed whitespace-pre-wrap text-fg [overflow-wrap:anywhere]">
        <code>{rowFormat.exampleText ?? JSON.stringify(rowFormat.example)}</code>
      </pre>
      {notes ? <p className="mt-2 text-[0.8125rem] text-fg-muted">{notes}</p> : null}
      {children}
    </section>
  );
}

/** Downloads of a track's inputs and a small valid example file, for a benchmark that serves /api/v1/inputs. */
export function InputsDownloads({ slug, benchmark, split, trackLabel }: { slug: string; benchmark: string; split: string; trackLabel: string }) {
  const inputsParams = new URLSearchParams({ benchmark });
  if (split !== "full") inputsParams.set("split", split);
  const link = "rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-accent hover:bg-surface-hover";
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <a href={`/api/v1/inputs/${slug}?${inputsParams.toString()}`} download className={link}>
        Download inputs<span className="sr-only"> for {trackLabel}</span>
      </a>
      <a href={`/api/v1/inputs/${slug}/example?${new URLSearchParams({ benchmark }).toString()}`} download className={link}>
        Example file<span className="sr-only"> for {trackLabel}</span>
      </a>
    </div>
  );
}

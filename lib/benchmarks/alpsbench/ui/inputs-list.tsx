"use client";

import type { ReactNode } from "react";

/*
 * The links of InputsLinks (inputs-links.tsx), drawn in the browser's bundle from a few props per track: the page's
 * flight payload carries these props, not every link as an element beside the same markup. It imports no track
 * module (they load zod), only what the server worked out.
 */

type Form = "plain" | "gzip" | "compact";
type Size = { plain: number | null; gzip: number | null; compact: number | null } | null;

interface InputsTrack {
  label: string;
  /** the track's URL slug (`task3-d1000`) */
  slug: string;
  /** the track has the compact form (each memory once) */
  compact: boolean;
  /** the known sizes by split, "" for the whole track */
  sizes: Record<string, Size>;
}

/** Decimal units, as the docs and the benchmark figures give them (333.4 MB). */
function formatSize(bytes: number): string {
  if (bytes < 1e3) return `${bytes} B`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(0)} KB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

export function InputsList({
  tracks,
  splits,
  query,
  note,
  children,
}: {
  tracks: readonly InputsTrack[];
  splits: readonly string[];
  /** the query every link carries besides its split (`benchmark=…` off the default benchmark), or "" */
  query: string;
  note?: string;
  /** what follows the list (the compact files' help) */
  children?: ReactNode;
}) {
  const href = (track: InputsTrack, split: string | null, ending: "" | "/example" | ".jsonl.gz" | ".compact.jsonl.gz" = "") => {
    const params = [query, split ? `split=${split}` : ""].filter(Boolean).join("&");
    return `/api/v1/inputs/${track.slug}${ending}${params ? `?${params}` : ""}`;
  };
  const size = (track: InputsTrack, split: string | null, form: Form) => {
    const bytes = track.sizes[split ?? ""]?.[form] ?? null;
    return <span>({bytes === null ? (form === "plain" ? "size unknown" : "not built yet") : formatSize(bytes)})</span>;
  };
  // one link and its size; `what` ends its accessible name (after the track's)
  const download = (track: InputsTrack, split: string | null, ending: "" | ".jsonl.gz" | ".compact.jsonl.gz", form: Form, text: string, what: string) => (
    <span key={split ?? ending}>
      <a href={href(track, split, ending)} download aria-label={`${track.label}: ${what}`}>
        {text}
      </a>{" "}
      {size(track, split, form)}
    </span>
  );
  return (
    <section aria-labelledby="inputs-title" className="rounded-lg border border-line bg-surface p-4 text-sm" data-testid="inputs-links">
      <h2 id="inputs-title" className="font-semibold text-fg">
        Inputs <span className="font-normal text-fg-muted">(what a system sees, never gold; JSON Lines; no account needed)</span>
      </h2>
      {note ? <p className="mt-1 text-fg-muted">{note}</p> : null}
      {/* the links' and sizes' look from the list (.inputs-list in app/globals.css), not a class on each of ~35 links */}
      <ul className="inputs-list mt-2 space-y-1">
        {tracks.map((track) => (
          <li key={track.slug}>
            <span>{track.label}</span>
            {splits.map((split) => download(track, split, "", "plain", split, `${split} inputs`))}
            {download(track, null, "", "plain", "all", "all inputs")}
            {/* a file, saved compressed: the Task 3 pools are hundreds of MB as plain JSON */}
            {download(track, null, ".jsonl.gz", "gzip", "all (.jsonl.gz)", "all inputs, gzipped")}
            {track.compact
              ? download(track, null, ".compact.jsonl.gz", "compact", "all (compact .jsonl.gz)", "all inputs, compact (each memory once), gzipped")
              : null}
            <a href={href(track, null, "/example")} download aria-label={`${track.label}: example predictions`}>
              example predictions
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-fg-muted">
        Sizes are those this server knows: a file once built (its first download builds it and keeps it; Task 3 d1000&apos;s take minutes).
      </p>
      {children}
    </section>
  );
}

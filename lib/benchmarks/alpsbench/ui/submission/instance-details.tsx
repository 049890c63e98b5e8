"use client";

import type { ReactNode } from "react";
import type { ExplainedInstance } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import { InstanceExplanationView } from "./instance-explanation-view";
import { InstanceInput, useFetchOnOpen } from "./instance-input";

/**
 * One row of a submission's per-instance list: the server-rendered summary line, and the instance explained
 * (matching or pick, the API's own access rule) fetched when the row is opened. The page holds one line per row
 * whatever the upload's size: explaining every row in the HTML made a heavy upload's page 75 MB.
 */
export function InstanceDetails({
  submissionId,
  track,
  benchmarkId,
  summary,
  children,
}: {
  submissionId: string;
  track: string;
  benchmarkId: string;
  /** the row's <summary> element */
  summary: ReactNode;
  /** shown under the explanation (the row's other metrics) */
  children?: ReactNode;
}) {
  const { state, onToggle } = useFetchOnOpen<{ instance: ExplainedInstance }>(submissionId, "instance-explanation", track, benchmarkId, "explanation");
  return (
    <details onToggle={onToggle}>
      {summary}
      <div className="space-y-3 border-t border-line px-4 py-3" aria-busy={state.kind === "loading" || undefined} data-testid="instance-details">
        <InstanceInput submissionId={submissionId} track={track} benchmarkId={benchmarkId} />
        {state.kind === "idle" || state.kind === "loading" ? <p className="text-sm text-fg-muted">Loading the matching…</p> : null}
        {state.kind === "failed" ? <p className="text-sm text-fg-muted">{state.message}</p> : null}
        {state.kind === "done" ? <InstanceExplanationView instance={state.body.instance} /> : null}
        {children}
      </div>
    </details>
  );
}

"use client";

import { useState, type ReactNode } from "react";
import type { ExplainedInstance } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-results";
import { InstanceExplanationView } from "./instance-explanation-view";
import { InstanceInput } from "./instance-input";

type State = { kind: "idle" } | { kind: "loading" } | { kind: "done"; instance: ExplainedInstance } | { kind: "failed"; message: string };

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
  const [state, setState] = useState<State>({ kind: "idle" });

  async function load() {
    setState({ kind: "loading" });
    try {
      const params = new URLSearchParams({ track, benchmark_id: benchmarkId });
      const response = await fetch(`/api/v1/submissions/${encodeURIComponent(submissionId)}/instance-explanation?${params}`, { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        setState({ kind: "failed", message: body?.error?.message ?? `The explanation could not be loaded (${response.status}).` });
        return;
      }
      const body = (await response.json()) as { instance: ExplainedInstance };
      setState({ kind: "done", instance: body.instance });
    } catch {
      setState({ kind: "failed", message: "The explanation could not be loaded (network error)." });
    }
  }

  return (
    <details
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open && (state.kind === "idle" || state.kind === "failed")) void load();
      }}
    >
      {summary}
      <div className="space-y-3 border-t border-line px-4 py-3" aria-busy={state.kind === "loading" || undefined} data-testid="instance-details">
        <InstanceInput submissionId={submissionId} track={track} benchmarkId={benchmarkId} />
        {state.kind === "idle" || state.kind === "loading" ? <p className="text-sm text-fg-muted">Loading the matching…</p> : null}
        {state.kind === "failed" ? <p className="text-sm text-fg-muted">{state.message}</p> : null}
        {state.kind === "done" ? <InstanceExplanationView instance={state.instance} /> : null}
        {children}
      </div>
    </details>
  );
}

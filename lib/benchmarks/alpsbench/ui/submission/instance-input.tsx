"use client";

import { useState } from "react";
import type { InputSection } from "@/lib/benchmarks/alpsbench/read/queries/submission-instance-view";

type Fetched<T> = { kind: "idle" } | { kind: "loading" } | { kind: "done"; body: T } | { kind: "failed"; message: string };

/**
 * A JSON read of the submission's API (`…/<endpoint>?track=…&benchmark_id=…`), fetched when its <details> opens
 * (again after a failure); `what` names it in the messages.
 */
export function useFetchOnOpen<T>(submissionId: string, endpoint: string, track: string, benchmarkId: string, what: string) {
  const [state, setState] = useState<Fetched<T>>({ kind: "idle" });

  async function load() {
    setState({ kind: "loading" });
    try {
      const params = new URLSearchParams({ track, benchmark_id: benchmarkId });
      const response = await fetch(`/api/v1/submissions/${encodeURIComponent(submissionId)}/${endpoint}?${params}`, { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        setState({ kind: "failed", message: body?.error?.message ?? `The ${what} could not be loaded (${response.status}).` });
        return;
      }
      setState({ kind: "done", body: (await response.json()) as T });
    } catch {
      setState({ kind: "failed", message: `The ${what} could not be loaded (network error).` });
    }
  }

  const onToggle = (event: { currentTarget: HTMLDetailsElement }) => {
    if (event.currentTarget.open && (state.kind === "idle" || state.kind === "failed")) void load();
  };
  return { state, onToggle };
}

/**
 * An instance's model input, fetched when the reader opens it: a page lists 50 instances, and embedding every
 * dialogue made it megabytes. The API route applies the page's own access rule (visible submission, public
 * splits only).
 */
export function InstanceInput({ submissionId, track, benchmarkId }: { submissionId: string; track: string; benchmarkId: string }) {
  const { state, onToggle } = useFetchOnOpen<{ sections: InputSection[] }>(submissionId, "instance-input", track, benchmarkId, "input");
  return (
    <details className="rounded-md border border-line" data-testid="instance-input" onToggle={onToggle}>
      <summary className="cursor-pointer px-3 py-1.5 text-sm font-medium text-fg select-none">Input (what the model saw)</summary>
      <div className="max-h-96 space-y-3 overflow-y-auto border-t border-line px-3 py-2 text-sm" aria-busy={state.kind === "loading" || undefined}>
        {state.kind === "loading" || state.kind === "idle" ? <p className="text-fg-muted">Loading…</p> : null}
        {state.kind === "failed" ? <p className="text-fg-muted">{state.message}</p> : null}
        {state.kind === "done"
          ? state.body.sections.map((section, i) => (
              <div key={i}>
                <h4 className="text-xs font-medium tracking-wide text-fg-muted uppercase">{section.title}</h4>
                {section.text !== undefined ? <p className="whitespace-pre-wrap text-fg">{section.text}</p> : null}
                {section.turns ? (
                  <ul className="mt-1 space-y-1">
                    {section.turns.map((turn, k) => (
                      <li key={k} className="whitespace-pre-wrap text-fg">
                        <span className="mr-1 font-medium text-fg-muted">{turn.role}:</span>
                        {turn.text}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {section.items ? (
                  <ul className="mt-1 space-y-1">
                    {section.items.map((item, k) => (
                      <li key={k} className="text-fg">
                        <span className="mr-1 font-mono text-xs text-fg-subtle">{item.id}</span>
                        {item.value} <span className="text-xs text-fg-subtle">({item.label})</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ))
          : null}
      </div>
    </details>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { STATUS_LABEL, SubmissionStatus, isTerminalStatus, statusSentence, type SubmissionStatusData } from "@/components/submission-status";
import { statusFromApi } from "./status-from-api";

const POLL_MS = 1000;

/**
 * The live part of /submissions/[id]: polls GET /api/v1/submissions/{id} every second while the submission is
 * not done or failed, then stops and re-renders the page once (the server renders the metrics table).
 * If the API answers something unreadable three times running, it falls back to re-rendering the page.
 */
export function LiveStatus({ id, initial }: { id: string; initial: SubmissionStatusData }) {
  const router = useRouter();
  const [data, setData] = useState(initial);
  const [stale, setStale] = useState(false);
  const terminal = isTerminalStatus(data.status);
  const refreshedFor = useRef<string | null>(initial.status);

  // A server re-render brings fresh props: take them, during render (React's pattern for state that follows a prop).
  const [initialSeen, setInitialSeen] = useState(initial);
  if (initial !== initialSeen) {
    setInitialSeen(initial);
    setData(initial);
  }

  useEffect(() => {
    if (terminal) return;
    let cancelled = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      let next: SubmissionStatusData | null = null;
      try {
        const response = await fetch(`/api/v1/submissions/${encodeURIComponent(id)}`, { cache: "no-store", headers: { accept: "application/json" } });
        if (response.ok) next = statusFromApi(await response.json());
      } catch {
        // offline for a moment: keep trying
      }
      if (cancelled) return;
      if (next) {
        failures = 0;
        setStale(false);
        setData(next);
        if (isTerminalStatus(next.status)) return;
      } else {
        failures += 1;
        if (failures >= 3) setStale(true);
        if (failures % 3 === 0) router.refresh();
      }
      timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [id, terminal, router]);

  // Reaching done/failed: one server re-render, for the metrics table and the finished time.
  useEffect(() => {
    if (terminal && refreshedFor.current !== data.status) {
      refreshedFor.current = data.status;
      router.refresh();
    }
  }, [terminal, data.status, router]);

  return (
    <section aria-labelledby="status-title" className="rounded-lg border border-line bg-surface p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="status-title" className="text-lg font-semibold text-fg">
          Status:{" "}
          <span data-testid="submission-status" data-status={data.status}>
            {STATUS_LABEL[data.status]}
          </span>
        </h2>
        {!terminal ? <p className="text-[0.8125rem] text-fg-subtle">{stale ? "Connection trouble, retrying…" : "Updates every second"}</p> : null}
      </div>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {statusSentence(data)}
      </p>
      <SubmissionStatus data={data} />
    </section>
  );
}

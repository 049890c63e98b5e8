"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

/**
 * Re-renders the server page every few seconds (router.refresh keeps scroll and focus), paused while the tab
 * is hidden. A toggle lets a reader stop it (WCAG 2.2.2: moving, updating content can be paused).
 */
export function AutoRefresh({ seconds = 5, renderedAt }: { seconds?: number; renderedAt: string }) {
  const router = useRouter();
  const [on, setOn] = useState(true);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, seconds * 1000);
    const onVisible = () => {
      if (document.visibilityState === "visible") router.refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [on, seconds, router]);
  return (
    <div className="flex flex-wrap items-center gap-3 text-[0.8125rem] text-fg-muted">
      <span>
        Updated <time dateTime={renderedAt}>{renderedAt.slice(11, 19)} UTC</time>
        {on ? `, every ${seconds} s` : ", paused"}
      </span>
      <button
        type="button"
        aria-pressed={!on}
        onClick={() => setOn((v) => !v)}
        className="rounded-md border border-line bg-surface px-2.5 py-1 font-medium text-fg hover:bg-surface-hover"
      >
        {on ? "Pause updates" : "Resume updates"}
      </button>
    </div>
  );
}

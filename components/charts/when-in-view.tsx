"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

/*
 * Charts load when the reader scrolls them into view, or asks for them: recharts and the chart code are most of
 * a page's JavaScript, and most visitors read the table above the charts. Being in the window at load is not
 * enough: a short table leaves the charts there (seeded Task 2 fetched them at load, 345 KB of JavaScript instead
 * of 200 KB; with the former 400 px margin, Task 1 and Task 3 too; scripts/bench/README.md). Then the button in
 * the placeholder loads them.
 */
export function Placeholder({ height, onLoad }: { height: number; onLoad?: () => void }) {
  return (
    <div className="flex items-center justify-center rounded bg-surface-muted/50" style={{ minHeight: height }}>
      {onLoad ? (
        <button type="button" onClick={onLoad} className="rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-hover">
          Show the charts
        </button>
      ) : null}
    </div>
  );
}

/**
 * Renders `children` once the reader has scrolled the wrapper into the window (or pressed the placeholder's
 * button), and keeps them. The wrapper says which (`data-lazy-chart="waiting" | "loaded"`, for tests and the bench).
 */
export function WhenInView({ height, children }: { height: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    if (typeof IntersectionObserver === "undefined") {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- browser-only fallback: a lazy initial state would also be true on the server and render the charts into the HTML
      setSeen(true);
      return;
    }
    let inView = false;
    // a page restored further down (reload, back) counts as scrolled
    let scrolled = window.scrollY > 0;
    const check = () => {
      if (inView && scrolled) setSeen(true);
    };
    const onScroll = () => {
      scrolled = true;
      check();
    };
    const observer = new IntersectionObserver((entries) => {
      inView = entries.some((e) => e.isIntersecting);
      check();
    });
    observer.observe(element);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", onScroll);
    };
  }, [seen]);
  return (
    <div ref={ref} data-lazy-chart={seen ? "loaded" : "waiting"}>
      {seen ? children : <Placeholder height={height} onLoad={() => setSeen(true)} />}
    </div>
  );
}

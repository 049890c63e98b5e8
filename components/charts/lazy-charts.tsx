"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";

/*
 * Charts load when their place on the page comes into view: recharts and the chart code are most of a page's
 * JavaScript, and most visitors read the table above the charts. No margin below the window: with a 400 px
 * margin, a task page whose table is short (the seeded Task 1 and Task 3 boards) fetched every chart at load
 * (314 KB of JavaScript instead of 200 KB; scripts/bench/README.md).
 */

export function Placeholder({ height }: { height: number }) {
  return <div aria-hidden="true" className="rounded bg-surface-muted/50" style={{ minHeight: height }} />;
}

/**
 * Renders `children` once the wrapper has come into the window (and keeps them). Until then, a placeholder of
 * `height` px; the wrapper says which (`data-lazy-chart="waiting" | "loaded"`, for tests and the bench).
 */
export function WhenInView({ height, children }: { height: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setSeen(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} data-lazy-chart={seen ? "loaded" : "waiting"}>
      {seen ? children : <Placeholder height={height} />}
    </div>
  );
}

function whenInView<P extends object>(Chart: ComponentType<P>, height: number): ComponentType<P> {
  function VisibleChart(props: P) {
    return (
      <WhenInView height={height}>
        <Chart {...props} />
      </WhenInView>
    );
  }
  return VisibleChart;
}

// next/dynamic needs a literal import() call to split the chart into its own chunk.
const GroupedBarChartLazy = dynamic(() => import("./grouped-bar-chart").then((m) => m.GroupedBarChart), { ssr: false, loading: () => <Placeholder height={320} /> });

/** The bar chart for server components (a benchmark module's page): recharts loaded when it comes into view. */
export const GroupedBarChart = whenInView(GroupedBarChartLazy, 320);

"use client";

import dynamic from "next/dynamic";
import type { ComponentProps } from "react";
import { Placeholder, WhenInView } from "./when-in-view";

// next/dynamic needs a literal import() call to split the chart into its own chunk.
const GroupedBarChartLazy = dynamic(() => import("./grouped-bar-chart").then((m) => m.GroupedBarChart), { ssr: false, loading: () => <Placeholder height={320} /> });

/**
 * The bar chart for server components (a benchmark module's page): recharts is fetched when the chart is
 * scrolled into view or asked for (when-in-view.tsx), not with the page.
 */
export function GroupedBarChart(props: ComponentProps<typeof GroupedBarChartLazy>) {
  return (
    <WhenInView height={320}>
      <GroupedBarChartLazy {...props} />
    </WhenInView>
  );
}

import type { NavLink } from "../types-navigation";

/**
 * AlpsBench's links in the main nav (every page outside another benchmark's /benchmarks/<id>, since it is the
 * benchmark at "/"): its overview, one tab per task, the comparison and the submit form.
 */
export const ALPSBENCH_NAVIGATION: readonly NavLink[] = [
  { href: "/", label: "Overview" },
  { href: "/tasks/task1", label: "Task 1", title: "Task 1: memory extraction" },
  { href: "/tasks/task2", label: "Task 2", title: "Task 2: memory update" },
  { href: "/tasks/task3", label: "Task 3", title: "Task 3: memory retrieval among distractors" },
  { href: "/tasks/task4", label: "Task 4", title: "Task 4: memory utilization" },
  { href: "/compare", label: "Compare", title: "Compare up to four systems side by side" },
  { href: "/submit", label: "Submit", title: "Submit predictions for scoring" },
];

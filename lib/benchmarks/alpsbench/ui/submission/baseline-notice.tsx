import Link from "next/link";
import type { Db } from "@/lib/db/create-client";
import { getReferenceFigure } from "@/lib/benchmarks/alpsbench/read/queries/reference-figure";
import { beats } from "@/lib/leaderboard/baseline-marks";
import { COPY_INPUT_SLUG } from "@/lib/benchmarks/alpsbench/review";
import { DEFAULT_SORT, TRACK_METRICS } from "@/lib/benchmarks/alpsbench/read/metrics";

/**
 * A Task 2 submission that does not beat copy-the-input (returning each instance's input memories unchanged) on
 * Task 2's headline, on the same benchmark and split, says so: the board marks its row the same way
 * (lib/leaderboard/baseline-marks.ts). Nothing when it beats it, has no figure, or the baseline was never computed.
 */
export async function BaselineNotice({ db, benchmark, split, value }: { db: Db; benchmark: string; split: string; value: number | null | undefined }) {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  const metric = DEFAULT_SORT.task2;
  const column = TRACK_METRICS.task2.find((m) => m.id === metric)!;
  const reference = await getReferenceFigure(db, { benchmark, systemSlug: COPY_INPUT_SLUG, track: "task2", metric, split });
  if (!reference || beats(value, reference.value, column)) return null;
  return (
    <p
      role="note"
      data-below-baseline
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      <strong>Does not beat copy-the-input on Task 2.</strong> Its {column.label} is {value.toFixed(column.decimals)}; returning each instance&apos;s input memories
      unchanged, with no update at all, scores {reference.value.toFixed(column.decimals)} on the same {split === "full" ? "instances" : `${split} split`} (the &quot;
      {reference.name}&quot; reference row). Its row on the board carries the same mark. See{" "}
      <Link href="/about#about-baselines" className="underline underline-offset-2">
        reference baselines
      </Link>
      .
    </p>
  );
}

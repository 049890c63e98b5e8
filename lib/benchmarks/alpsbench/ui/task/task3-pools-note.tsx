import { db } from "@/lib/db/client";
import { storedPoolVersion } from "@/lib/benchmarks/alpsbench/pipeline/stored-pool-version";
import { TASK3_OPEN_BOOK, task3PoolsSentence } from "@/lib/benchmarks/alpsbench/read/task3-open-book";

/** /tasks/task3: the pools the shown data version really holds, the two protocols' columns, and the open book. */
export async function Task3PoolsNote({ benchmark }: { benchmark: string }) {
  const pools = await storedPoolVersion(db(), benchmark);
  return (
    <div className="space-y-2 text-sm text-fg-muted" data-pool-version={pools ?? "none"}>
      <p>
        {task3PoolsSentence(pools)}{" "}
        {pools === "v4" ? (
          <>
            These are the authors&apos; pools, so the paper&apos;s figures and the ones scored here are one protocol: &ldquo;Recall · authors&apos; pools&rdquo;
            ranks them together. The paper&apos;s LLM figures are judge recall (its retrievers&apos; exact-id recall); a figure scored here is judge recall where a
            judge scored the picks, else exact-id recall, and the columns marked &ldquo;server pools&rdquo; say which.
          </>
        ) : (
          <>
            &ldquo;Reported · authors&apos; pools&rdquo; holds the paper&apos;s figures (judge recall for LLMs, exact-id recall for its retrievers), measured on the
            authors&apos; pools; the columns marked &ldquo;server pools&rdquo; hold figures scored here on this data version&apos;s pools. Each column is ranked on
            its own: a figure is never ranked against one measured on other pools.
          </>
        )}{" "}
        BM25 (the authors&apos; way), the random and first candidate rows are computed here on every pool size; a row that does not beat BM25 is marked &ldquo;below
        BM25&rdquo; with its figure.
      </p>
      <p>{TASK3_OPEN_BOOK}</p>
    </div>
  );
}

import type { ReactNode } from "react";
import { OVERVIEW } from "../../read/views";

/**
 * /submit's "where your row is ranked", said before the upload: the boards an AlpsBench upload is ranked on, the
 * overview's counted tracks on this server (Task 4 only with a judge: read/queries/view.ts), and what keeps a row
 * unranked. The same rules as the boards (read/queries/ranking-rules.ts, lib/leaderboard/overall-rank.ts).
 */
export function AlpsBenchRankingNote({ judgeConfigured }: { judgeConfigured: boolean }): ReactNode {
  const parts = OVERVIEW.kind === "multi" ? OVERVIEW.parts : [];
  const counted = parts.filter((p) => judgeConfigured || !p.judgeOnly);
  const waiting = parts.filter((p) => p.judgeOnly && !judgeConfigured);
  return (
    <section aria-labelledby="where-ranked" data-ranking-note className="max-w-3xl rounded-lg border border-line bg-surface p-4 text-sm">
      <h2 id="where-ranked" className="font-semibold">
        Where your row is ranked
      </h2>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-fg-muted">
        <li>
          <span className="font-medium text-fg">Each track&apos;s board</span> (Task 1, Task 2, each Task 3 pool size, each Task 4 ability): every scored upload is
          ranked there, among one row per system (a paper system&apos;s figure scored here ranks, its reported figure beside it). A row that does not beat a
          reference row (labels and types only, empty prediction, copy the input) is ranked all the same with a &quot;below &lt;reference&gt;&quot; mark, as paper
          rows are.
        </li>
        <li>
          <span className="font-medium text-fg">The overview (All tasks)</span>: ranked by mean rank once the system has figures on all {counted.length} tracks it
          counts on this server: {counted.map((p) => p.group).join(", ")}. Upload them under one system name (a run archive of every track does it at once). Task
          3&apos;s other pool sizes are ranked on the Task 3 page only.
          {waiting.length > 0 ? (
            <>
              {" "}
              <span className="font-medium text-fg">Task 4 waits for a judge:</span> this server has no LLM judge configured, so a Task 4 file is stored and scored
              except the judge, is not ranked on the Task 4 boards until a judge scores it, and the overview ranks on the other {counted.length} tracks.
            </>
          ) : null}
        </li>
        <li>
          <span className="font-medium text-fg">Not ranked</span>: a file that beats every reported and server-scored row of a board until a moderator approves it
          (held for review: the gold of every split is public), a rejected one, and a Task 1 file the contamination check flags. A dev or validation upload is ranked
          on that split&apos;s views; the default views rank full-benchmark runs.
        </li>
      </ul>
    </section>
  );
}

import type { baselineVersusReported } from "@/lib/leaderboard/baseline-marks";
import { overallRule } from "@/lib/leaderboard/overall-rank";
import { TRACK_METRICS } from "../../read/metrics";
import { TASK_INFO } from "../../read/task-info";
import { TRACK_IDS } from "../../track-ids";
import { p, Section } from "./about-section";

/** About's account of AlpsBench's method: its tasks, metrics, the overall rule, the reference baselines and the splits. */
export function AboutMethod({
  headline,
  copyFull,
  copyDev,
  copyPrecision,
  overviewTracks,
  judgeConfigured,
}: {
  headline: (typeof TRACK_METRICS)["task2"][number];
  copyFull: ReturnType<typeof baselineVersusReported>;
  copyDev: ReturnType<typeof baselineVersusReported>;
  copyPrecision: number | null | undefined;
  overviewTracks: number;
  judgeConfigured: boolean;
}) {
  const fmt = (v: number) => v.toFixed(headline.decimals);
  return (
    <>
      {(Object.keys(TASK_INFO) as (keyof typeof TASK_INFO)[]).map((task) => (
        <Section key={task} id={`about-${task}`} title={TASK_INFO[task].name}>
          <p className={p}>{TASK_INFO[task].long}</p>
        </Section>
      ))}

      <Section id="about-metrics" title="Metrics">
        <p className={p}>
          Deterministic metrics are pure functions of the gold answer and the prediction. Judge metrics come from an LLM judge; every judge number names the judge
          profile (provider, model, prompt version) that produced it, and numbers from different profiles are never ranked against each other. Every aggregate is a
          mean over instances with n and a 95% bootstrap confidence interval (1,000 resamples, fixed seed).
        </p>
        <dl className="mt-4 grid max-w-4xl gap-x-6 gap-y-3 sm:grid-cols-[14rem_1fr]">
          {[...new Map(TRACK_IDS.flatMap((t) => TRACK_METRICS[t]).map((m) => [m.label, m])).values()].map((m) => (
            <div key={m.label} className="contents">
              <dt className="font-medium text-fg">
                {m.label} <span className="text-xs text-fg-subtle">({m.kind})</span>
              </dt>
              <dd className="text-fg-muted">{m.description}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="about-actions" title="Task 2 action accuracy (our definition)">
        <p className={p}>
          The paper names action accuracy but publishes no code, so this leaderboard defines it. Gold actions are read from the ids of the gold updated list against
          the memory pool before the update: an id kept from the old pool is a <strong>retention</strong>, <code>&lt;selected_id&gt;_updated</code> is a{" "}
          <strong>modification</strong> of the selected memory, and <code>m_new_&lt;n&gt;</code> is an <strong>addition</strong>. An action counts as realised when
          the greedy matching pairs the gold item with a predicted item; a modification additionally needs the matched prediction to be closer to the updated value
          than to the old one. We report recall per action type and overall accuracy (realised actions / gold actions).
        </p>
      </Section>

      <Section id="about-overall" title="Overall view: ranked at full coverage">
        <p className={p}>
          <strong>The rule:</strong> {overallRule(overviewTracks)} (Here {overviewTracks} is the tracks this server can score for an upload: Task 1, Task 2, Task 3
          at d100 and d1000{judgeConfigured ? ", and the five Task 4 abilities (a judge is configured)" : ""}.
          {judgeConfigured
            ? ""
            : " Task 4 waits for a judge: this server has none configured, so no upload can get a Task 4 figure here; its five abilities are shown on the overview but not counted, and the mean rank is over the other tracks."}
          ) An upload with figures on every counted track is ranked like any other row, so one better than every system on each is #1.
        </p>
        <p className={p}>
          Each track is ranked on its headline column (Task 1 and Task 2 score, Task 3 judge recall, each Task 4 ability&apos;s score) with standard competition
          ranks, ties at the precision shown sharing a rank, among the systems with a figure on that track. On Task 3 each row is placed by its own figure: the one
          scored on this server (judge recall, else exact-id recall where no judge scored the picks) where the server scored one, else the paper&apos;s reported
          figure on the authors&apos; pools; either counts the track as covered. <strong>Mean rank</strong> is the mean of a system&apos;s track ranks, and{" "}
          <strong>Tracks of n</strong> says how many of the n tracks it covers: a mean over one track is not comparable with a mean over nine, so only full-coverage
          systems get a rank, and the others are listed below them. Where a figure has a 95% confidence interval its rank is a range, as LMArena shows it: the best
          rank is 1 + the number of systems whose interval lies wholly above, the worst is the number of systems whose interval does not lie wholly below (itself
          included); a figure without an interval (most reported ones) is a point. The mean rank&apos;s range (shown as its interval) is the mean of those best and
          worst ranks. Any column header sorts by that column instead, and then every row with a figure there is ranked on it.
        </p>
        <p className={p}>
          <strong>What a row is:</strong> one system, counted once in every rank. A paper system the server also re-scored from the authors&apos; released outputs is
          one row (tier re-scored, marked &quot;+ reported&quot; with the source): where the server computed a figure, that figure (exact, with its 95% CI) ranks,
          and the authors&apos; reported figure stands beside it in the cell&apos;s note (and the downloads&apos; <code>__paper_value</code>); where the server has
          none (Task 4 without a judge, the paper&apos;s Task 3 figures on the authors&apos; pools) the reported figure fills the cell, marked &quot;reported
          by&quot; its source. Uploads, verified uploads and claimed imports keep rows of their own, each with its tier badge; each track&apos;s cells in a row come
          from one run, and the system&apos;s page shows all its sources side by side.
        </p>
      </Section>

      <Section id="about-baselines" title="Reference baselines">
        <p className={p}>
          Every board carries trivial reference rows the server computes from the data at import (and on the demo data at start-up), scored by the same scorer as
          every upload: <strong>empty prediction</strong> (no memory item, no pick), <strong>copy the input</strong> (Task 2: each instance&apos;s input memory pool
          returned unchanged), <strong>first candidate</strong> and <strong>random candidate</strong> (Task 3, with a fixed seed) and <strong>BM25</strong> (Task 3,
          query against each candidate&apos;s value). They are drawn where their figures put them, marked &quot;reference, unranked&quot;, never ranked, and read{" "}
          <code>kind: &quot;baseline&quot;</code> in the API and the downloads. Task 4 has none: its figures come from a judge.
        </p>
        <p className={p} data-contentless-rule>
          <strong>Rows below a contentless reference are marked, whatever their tier.</strong> Two reference rows carry no content at all: the empty prediction and{" "}
          <strong>labels and types only</strong> (Tasks 1 and 2: the same items for every instance, read from the public memory pools alone: the commonest labels,
          the commonest type, the median confidence and a value that says nothing, &quot;The user mentions topic N&quot;). One rule for every row: a paper row, a
          re-scored run, a claimed import and an upload that does not beat them on the board&apos;s headline (equal at the precision shown does not beat) keep the
          rank their figure gives them, with the mark &quot;below labels and types only&quot; and the reference&apos;s figure at the column&apos;s precision; a row
          below copy the input (Task 2) is marked the same way.
        </p>
        <p className={p} data-review-rule>
          <strong>A new best is reviewed before it ranks.</strong> The gold of every split is public in the authors&apos; annotation repository, so no check here can
          prove a perfect-looking file honest. An upload whose headline figure beats every reported and server-scored row of its board (same data version, track and
          split) is shown &quot;pending review&quot;, unranked, with the reason, until a moderator approves it with a note (a code link, a paper, a system
          description) that the row and the public moderation log keep; a board with nothing to compare with holds every upload. A rejected upload stays unranked,
          with the moderator&apos;s reason.
        </p>
        <p className={p} data-copy-input-statement>
          {copyFull && copyFull.best ? (
            <>
              <strong>
                On Task 2&apos;s headline ({headline.label}), copying the input{" "}
                {copyFull.beaten === copyFull.reported ? "beats every reported LLM" : `beats ${copyFull.beaten} of the ${copyFull.reported} reported rows`}
              </strong>
              : it scores {fmt(copyFull.baseline.value)} over all instances
              {copyDev ? ` (${fmt(copyDev.baseline.value)} on dev${copyPrecision != null ? `, precision ${copyPrecision.toFixed(4)}` : ""})` : ""}, against{" "}
              {copyFull.best.name}&apos;s reported {fmt(copyFull.best.value)}, the best reported figure. The metric rewards keeping the pool: most gold memories are
              retained unchanged, so a file that applies no update at all matches them exactly. A row that does not beat it says so on the board (&quot;≤ copy the
              input&quot;) and in the downloads (<code>below_baseline</code>); read Task 2 against it, and against the action recalls, which copying cannot earn on
              modifications and additions.
            </>
          ) : (
            <>The figures comparing copy-the-input with the reported LLMs appear here once the real data is imported.</>
          )}
        </p>
      </Section>

      <Section id="about-splits" title="Splits">
        <p className={p}>
          Every track is ordered by sha256(&quot;alpsbench-public-split-v1:&quot; + benchmark_id); with unit = ⌊n/5⌋ the first unit is dev, the next validation and
          the rest test (the official release&apos;s rule). Test-split gold never leaves this server: no page, download, API answer or log shows it. Imported from
          the authors&apos; annotation packets (2,272 of the 2,330 Task 1 sessions), the rule is applied to the ids present, so a few ids near the cut points fall in
          a different split than in the official release; a release-layout import keeps the release&apos;s own splits.
        </p>
      </Section>
    </>
  );
}

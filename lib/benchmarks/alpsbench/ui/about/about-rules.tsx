import type { Env } from "@/lib/env";
import { TASK3_JUDGE_NOTE, TASK3_OPEN_BOOK, TASK3_SCORING_RULES, task3PoolsSentence } from "../../read/task3-open-book";
import type { storedPoolVersion } from "../../pipeline/stored-pool-version";
import { reportedDisagreements } from "../../data/seeds/published/reported-disagreements";
import { p, Section } from "./about-section";

const disputed = reportedDisagreements();
const example = disputed.get("gpt-5-2|task1|f1");

/** About's account of what AlpsBench's figures may reveal and where they come from: test figures, the known leaks, the reported sources. */
export function AboutRules({ limits, pools }: { limits: Env; pools: Awaited<ReturnType<typeof storedPoolVersion>> }) {
  return (
    <>
      <Section id="about-test-figures" title="Test-split figures">
        <p className={p}>
          An upload&apos;s figures on the hidden test split are computed exactly, like every other row&apos;s, as the AlpsBench authors do for hidden-test runs and
          as GLUE and SuperGLUE do. What bounds probing the hidden gold is how many answers one account gets: uploads with test-split rows are limited to{" "}
          {limits.TEST_SUBMISSIONS_PER_DAY} a day and {limits.TEST_SUBMISSIONS_PER_MONTH} in 30 days per account and benchmark (a run of many tracks counts once); a
          file with test rows must cover every test instance and may not leave most of them empty; and per-instance test results are shown to no one but the
          server&apos;s administrators. One answer is a mean over the whole test set (Task 1: 1,364 instances), so it moves by at most 1/n of the range with any one
          instance; differences between many answers could single one out, which is what the limits bound.
        </p>
        {limits.TEST_FIGURE_NOISE === "on" ? (
          <p className={p}>
            This server also adds noise (an operator option): each test figure of an upload is the exact value plus Laplace noise of scale F × Δ, where Δ is the most
            one instance moves it (the metric&apos;s range over n for a mean) and F the number of figures the track publishes, then rounded. For Task 1&apos;s test
            set that is a scale of 0.006 on 0-1 metrics (standard deviation 0.008; 95 % of draws within ±0.018), rounded to 0.01, and a scale of 0.6 on the Score,
            rounded to 1; indirect recall, a pooled ratio, gets a scale of 0.022 and direct recall is withheld. Such figures are shown at that resolution, marked ≈,
            and never bolded as a column&apos;s best; the interval shown is conservative. Each upload&apos;s test figures of a track are thereby 1-differentially
            private with respect to any one test instance.
          </p>
        ) : null}
      </Section>

      <Section id="about-leak" title="A known leak across tasks">
        <p className={p}>
          The same session feeds several tasks: Task 2&apos;s input memory pool for a session is that session&apos;s Task 1 gold, and Task 3&apos;s candidate lists
          contain gold memories too. Because each track is split independently, Task 1 test gold is visible through other tracks&apos; inputs. The leaderboard cannot
          undo the benchmark&apos;s design; it discloses it here and adds no leak of its own (test gold that appears in no input, such as Task 2&apos;s updated and
          new memories, stays on the server). The released Task 3 pools also leak the answer through candidate ids (distractor ids repeat, the target id is unique);
          pools built by this server give every candidate a fresh opaque id and de-duplicate values. What ids cannot hide is the pool design itself: in the first
          version of those pools (v1, below) the distractors are other users&apos; memories, so the target is the one candidate that also appears in the same
          session&apos;s Task 2 input pool (public). A system that looks it up there scores without retrieving anything, and the target also names which memory a
          session&apos;s Task 2 update changes (found for 1,307 of the 1,364 Task 2 test instances this way).
        </p>
        <p className={p}>
          Every Task 1 upload is checked for a copy of that public gold: its values are compared with other tracks&apos; public inputs without case, spacing,
          punctuation or look-alike characters, and each row with the Task 2 input memories of its own session by the scorer&apos;s own value similarity (at least
          0.6, whatever the word order, so a copy with its words reordered is caught as the scorer would match it). A run where 20 % or more of its items match, or
          of those memories are matched, is flagged and not ranked; the authors&apos; released outputs reach at most 9.6 %. The scorer also pairs an item with a
          memory on label, type and confidence alone (together 0.6 of a pair&apos;s score, above the 0.30 match threshold), so junk values under the public labels
          and types score F1 1.0 and about 76: the metric is the authors&apos; and stays, and a run in which half or more of those memories are paired with a value
          sharing almost nothing (similarity below 0.2) is flagged too; the released outputs reach 12-27 % there.
        </p>
        <p className={p} data-pool-version={pools ?? "none"}>
          <strong>Task 3 pool versions.</strong> {task3PoolsSentence(pools)} A new data version is imported with <code>server-pools-v4</code>, the authors&apos; own
          pools: at d100 exactly the released candidate lists, in their order, and at d300 to d1000 those lists extended with distractors drawn as the authors&apos;
          script draws them (a random other session, then a random memory of it), all under opaque instance and candidate ids and a secret seed. A data version keeps
          the pools it was built with, so <code>server-pools-v1</code> (released session ids: the same session&apos;s public Task 2 input names the target),{" "}
          <code>server-pools-v2</code> (the target&apos;s own session drawn first: harder, not the paper&apos;s protocol) and <code>server-pools-v3</code> (other
          users&apos; memories drawn uniformly, de-duplicated) keep their figures and labels. {TASK3_OPEN_BOOK} Details, the figures measured here and how to move a
          data version to v4: docs/task3-pools.md in the repository.
        </p>
        <p className={p} id="about-task3-scoring">
          <strong>How a Task 3 pick is read.</strong> {TASK3_SCORING_RULES} {TASK3_JUDGE_NOTE}
        </p>
      </Section>

      <Section id="about-reported-sources" title="Reported figures: the official site and the paper disagree">
        <p className={p}>
          {`${disputed.size} reported cells differ between the AlpsBench paper and the official leaderboard site (for example GPT-5.2's Task 1 F1: ${example ? `${example.shown} on the site, ${example.value} in the paper's Table 2` : "the site and Table 2 differ"}). `}
          For the general LLMs this leaderboard shows and ranks by the site&apos;s figures: the site is the authors&apos; own leaderboard, published with the
          benchmark&apos;s code and data, and it gives every metric of every task (precision, recall, F1, judge score and score for Tasks 1 and 2, each pool size of
          Task 3, each ability of Task 4), where the paper&apos;s Table 2 gives one headline per task and its Task 4 VRA and CF columns repeat other columns. The
          paper is the only source for the emotional-intelligence headlines (Table 2) and for the memory systems (Tables 3 and 4), so those come from it. Where the
          two disagree, the cell keeps the figure it ranks by and its hover note says what the other publication printed; CSV and JSON downloads carry it in a{" "}
          <code>&lt;metric&gt;__paper_value</code> column beside the figure, with <code>&lt;metric&gt;__paper_source</code> naming the table.
        </p>
      </Section>
    </>
  );
}

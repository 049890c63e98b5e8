import { formatCount } from "@/lib/leaderboard/format";
import { ProgressBar } from "./progress-bar";

export const SUBMISSION_STATUSES = ["queued", "validating", "scoring", "judging", "done", "failed"] as const;
export type SubmissionStatusValue = (typeof SUBMISSION_STATUSES)[number];

export function isTerminalStatus(status: SubmissionStatusValue): boolean {
  return status === "done" || status === "failed";
}

/** What the status panel shows: plain, serializable data (the server's first render and every poll give this). */
export interface SubmissionStatusData {
  status: SubmissionStatusValue;
  /** instances scored so far, of progressTotal */
  progressDone: number;
  progressTotal: number;
  /** the judge's calls so far: made, answered from its cache, failed */
  judge: { done: number; cached: number; failed: number };
  /** a message the submitter can act on, when status is failed */
  failureReason: string | null;
  /** place in the queue when queued (1 = next to run), when known */
  queuePosition?: number | null;
}

export const STATUS_LABEL: Record<SubmissionStatusValue, string> = {
  queued: "Queued",
  validating: "Validating",
  scoring: "Scoring",
  judging: "Judging",
  done: "Done",
  failed: "Failed",
};

const STEP_HINT: Record<SubmissionStatusValue, string> = {
  queued: "waiting for a worker",
  validating: "re-reading the file",
  scoring: "deterministic metrics",
  judging: "LLM judge metrics",
  done: "metrics ready",
  failed: "see the reason below",
};

/** One sentence for screen readers, announced when the status changes (not on every progress tick). */
export function statusSentence(data: SubmissionStatusData): string {
  switch (data.status) {
    case "queued":
      return data.queuePosition ? `Queued, number ${data.queuePosition} in the queue.` : "Queued, waiting for a worker.";
    case "validating":
      return "Validating the file.";
    case "scoring":
      return "Scoring.";
    case "judging":
      return "Judging.";
    case "done":
      return "Done. The metrics are below.";
    case "failed":
      return `Failed. ${data.failureReason ?? ""}`.trim();
  }
}

const STEPS = ["queued", "validating", "scoring", "judging"] as const;

type StepState = "complete" | "current" | "upcoming" | "failed" | "skipped";

function stepStates(data: SubmissionStatusData): { key: SubmissionStatusValue; state: StepState }[] {
  const { status } = data;
  const last: SubmissionStatusValue = status === "failed" ? "failed" : "done";
  const order: SubmissionStatusValue[] = [...STEPS, last];
  if (status === "failed") {
    // Which steps a failed submission got through, as far as its counters tell.
    const judged = data.judge.done + data.judge.cached + data.judge.failed > 0;
    const scored = judged || (data.progressTotal > 0 && data.progressDone >= data.progressTotal);
    const passed: Record<string, boolean> = { queued: true, validating: scored || data.progressDone > 0, scoring: scored, judging: false };
    return order.map((key) => ({ key, state: key === "failed" ? "failed" : passed[key] ? "complete" : "upcoming" }));
  }
  const index = order.indexOf(status);
  // Done without a single judge call: no judge is configured (or no metric of the track needs one).
  const judgeSkipped = status === "done" && data.judge.done + data.judge.cached + data.judge.failed === 0;
  return order.map((key, i) => {
    if (status === "done") return { key, state: key === "judging" && judgeSkipped ? "skipped" : "complete" };
    return { key, state: i < index ? "complete" : i === index ? "current" : "upcoming" };
  });
}

/** The icon of a finished, failed or skipped step: its colours and its mark's path. */
const STEP_ICON: Partial<Record<StepState, { className: string; path: string }>> = {
  complete: { className: "border-accent bg-accent text-surface", path: "M2.5 6.3l2.3 2.3 4.7-5" },
  failed: { className: "border-red-600 bg-red-600 text-white dark:border-red-400 dark:bg-red-400 dark:text-red-950", path: "M3.5 3.5l5 5M8.5 3.5l-5 5" },
  skipped: { className: "border-line-strong bg-surface-muted text-fg-subtle", path: "M3 6h6" },
};

function StepIcon({ state, index }: { state: StepState; index: number }) {
  const base = "flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold";
  const icon = STEP_ICON[state];
  if (icon) {
    return (
      <span className={`${base} ${icon.className}`}>
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
          <path
            d={icon.path}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin={state === "complete" ? "round" : undefined}
          />
        </svg>
      </span>
    );
  }
  if (state === "current") {
    return (
      <span className={`${base} border-accent bg-accent-soft text-accent ring-4 ring-accent/15`}>
        <span className="size-2 animate-pulse rounded-full bg-accent" aria-hidden="true" />
      </span>
    );
  }
  return <span className={`${base} border-line-strong bg-surface text-fg-subtle`}>{index + 1}</span>;
}

const STATE_TEXT: Record<StepState, string> = { complete: "completed", current: "in progress", upcoming: "not started", failed: "failed", skipped: "skipped" };

/** The stepper, the progress of the current step, judge call counts and the failure reason. */
export function SubmissionStatus({ data }: { data: SubmissionStatusData }) {
  const steps = stepStates(data);
  const showProgress = data.progressTotal > 0 && data.status !== "queued" && data.status !== "validating";
  const judgeTotal = data.judge.done + data.judge.cached + data.judge.failed;
  const showJudge = data.status === "judging" || judgeTotal > 0;
  return (
    <div className="space-y-5">
      <ol className="grid grid-cols-5 gap-1" aria-label="Progress of the submission">
        {steps.map((step, i) => (
          <li key={step.key} aria-current={step.state === "current" ? "step" : undefined} className="relative flex flex-col items-center text-center">
            {i > 0 ? (
              <span
                aria-hidden="true"
                className={`absolute top-3.5 right-1/2 h-0.5 w-[calc(100%+0.25rem)] -translate-y-1/2 ${
                  step.state === "upcoming" || step.state === "failed" ? "bg-line-strong" : "bg-accent"
                }`}
              />
            ) : null}
            <span className="relative z-10">
              <StepIcon state={step.state} index={i} />
            </span>
            <span
              className={`mt-1.5 text-xs font-medium sm:text-sm ${
                step.state === "failed" ? "text-red-700 dark:text-red-300" : step.state === "upcoming" || step.state === "skipped" ? "text-fg-subtle" : "text-fg"
              }`}
            >
              {STATUS_LABEL[step.key]}
            </span>
            <span className="hidden text-xs text-fg-subtle sm:block">{step.state === "skipped" ? "no judge metrics" : STEP_HINT[step.key]}</span>
            <span className="sr-only">, {STATE_TEXT[step.state]}</span>
          </li>
        ))}
      </ol>

      {data.status === "failed" ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/40">
          <p className="font-semibold text-red-800 dark:text-red-200">Scoring failed</p>
          <p className="mt-1 text-sm break-words text-red-800 dark:text-red-200">
            {data.failureReason ?? "No reason was recorded. Try uploading again; if it fails again, contact the maintainers."}
          </p>
        </div>
      ) : null}

      {data.status === "queued" ? (
        <p className="text-sm text-fg-muted">
          {data.queuePosition && data.queuePosition > 1
            ? `Number ${data.queuePosition} in the queue: ${data.queuePosition - 1} ${data.queuePosition === 2 ? "submission runs" : "submissions run"} first.`
            : "Next in the queue, waiting for a worker to pick it up."}
        </p>
      ) : null}

      {showProgress ? (
        <ProgressBar
          label="Instances scored"
          value={data.progressDone}
          max={data.progressTotal}
          tone={data.status === "done" ? "success" : data.status === "failed" ? "danger" : "accent"}
          valueText={`${formatCount(data.progressDone)} of ${formatCount(data.progressTotal)}`}
        />
      ) : null}

      {showJudge ? (
        <dl className="grid grid-cols-3 gap-2 text-sm sm:max-w-md">
          {[
            ["Judge calls", data.judge.done],
            ["from cache", data.judge.cached],
            ["failed", data.judge.failed],
          ].map(([label, value]) => (
            <div key={String(label)} className="rounded-md border border-line bg-surface-muted px-3 py-2">
              <dt className="text-xs text-fg-muted">{label}</dt>
              <dd className="num font-semibold text-fg">{formatCount(Number(value))}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

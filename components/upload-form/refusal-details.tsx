import { refusalAdvice } from "@/lib/submissions/refusal-advice";
import { formatCount } from "@/lib/leaderboard/format";
import type { Refusal } from "./refusal";

/** A refused upload on the form: the message, the file's coverage, its first problems by line and field, what to do. */
export function RefusalDetails({ refusal, maxShown }: { refusal: Refusal; maxShown: number }) {
  const shown = refusal.problems.slice(0, maxShown);
  const more = refusal.problemsTotal - shown.length;
  const c = refusal.coverage;
  return (
    <>
      <p className="font-semibold">
        Refused: <span className="font-normal">{refusal.message}</span>
      </p>
      {c && (c.unknown || c.duplicate || c.rejected) ? (
        <p className="mt-1 text-sm">
          {[
            c.valid !== undefined ? `${formatCount(c.valid)} valid rows` : null,
            c.rejected ? `${formatCount(c.rejected)} rejected` : null,
            c.unknown ? `${formatCount(c.unknown)} unknown ids` : null,
            c.duplicate ? `${formatCount(c.duplicate)} duplicates` : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <>
          <p className="mt-3 text-sm font-medium">
            {refusal.problemsTotal === 1 ? "1 problem" : `${formatCount(refusal.problemsTotal)} problems`}
            {more > 0 ? `, the first ${shown.length}:` : ":"}
          </p>
          <ul className="mt-1 max-h-80 space-y-1 overflow-y-auto text-sm">
            {shown.map((p, i) => (
              <li key={i} className="flex flex-wrap gap-x-2">
                <span className="num font-mono text-[0.8125rem] font-semibold whitespace-nowrap">
                  {p.line !== null && p.line !== undefined ? `line ${p.line}${p.field ? ` · ${p.field}` : ""}` : (p.field ?? "file")}
                </span>
                <span className="min-w-0 break-words">{p.message}</span>
              </li>
            ))}
          </ul>
          {more > 0 ? <p className="mt-1 text-sm font-medium">and {formatCount(more)} more</p> : null}
        </>
      ) : null}
      {refusal.status === 401 ? (
        <p className="mt-3 text-sm">
          <a href="/signin?callbackUrl=%2Fsubmit" className="font-semibold underline underline-offset-2">
            Sign in again
          </a>{" "}
          (your entries here will be lost).
        </p>
      ) : (
        <p className="mt-3 text-[0.8125rem] opacity-90">{refusalAdvice(refusal.status, refusal.nextAllowedAt, refusal.code)}</p>
      )}
    </>
  );
}

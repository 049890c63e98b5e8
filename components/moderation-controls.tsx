"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";

type State = { visibility: "public" | "private"; verified: boolean; hidden: boolean; flagged: boolean; verifiable: boolean; deletable: boolean };
type Action = "verify" | "unverify" | "hide" | "unhide" | "flag" | "unflag";

const button =
  "rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-hover disabled:cursor-not-allowed disabled:opacity-60";

/** The buttons of components/moderation-panel.tsx; each one calls the API and re-renders the page. */
export function ModerationControls({ id, isOwner, isAdmin, state }: { id: string; isOwner: boolean; isAdmin: boolean; state: State }) {
  const router = useRouter();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function send(method: "POST" | "PATCH" | "DELETE", url: string, body: unknown, done: string, after?: () => void) {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const response = await fetch(url, method === "DELETE" ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const json = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      if (!response.ok) {
        setMessage({ ok: false, text: json?.error?.message ?? `The server answered ${response.status}.` });
        return;
      }
      setMessage({ ok: true, text: done });
      setReason("");
      if (after) after();
      else router.refresh();
    } catch {
      setMessage({ ok: false, text: "The request did not reach the server. Check your connection and try again." });
    } finally {
      setBusy(false);
    }
  }

  const moderate = (action: Action) =>
    send("POST", `/api/v1/submissions/${encodeURIComponent(id)}/moderation`, { action, ...(reason.trim() ? { reason: reason.trim() } : {}) }, `Done: ${action}.`);
  const otherVisibility = state.visibility === "public" ? "private" : "public";

  return (
    <div className="space-y-3 rounded-lg border border-line bg-surface p-4 text-sm">
      {isOwner ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-fg-muted">
            This submission is <strong className="text-fg">{state.visibility}</strong>
            {state.visibility === "private" ? ": only you and admins see it, and it is not ranked." : ": everyone sees it on the leaderboard."}
          </span>
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() =>
              send("PATCH", `/api/v1/submissions/${encodeURIComponent(id)}`, { visibility: otherVisibility }, `The submission is now ${otherVisibility}.`)
            }
          >
            Make {otherVisibility}
          </button>
        </div>
      ) : null}
      {isAdmin ? (
        // aria-disabled, not disabled, while a request runs: a disabled fieldset would drop the keyboard focus of the
        // button just pressed to the page body (send ignores a second press meanwhile)
        <fieldset className="space-y-2" aria-disabled={busy} aria-busy={busy}>
          <legend className="font-medium text-fg">Admin moderation</legend>
          <label htmlFor={reasonId} className="block text-fg-muted">
            Reason (public, shown on the audit log; required to hide or flag)
          </label>
          <input
            id={reasonId}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            className="w-full rounded-md border border-line-strong bg-surface px-2.5 py-1.5 text-fg"
          />
          <div className="flex flex-wrap gap-2">
            {(
              [
                state.verified ? ["unverify", "Remove verification"] : ["verify", "Verify"],
                state.hidden ? ["unhide", "Unhide"] : ["hide", "Hide"],
                state.flagged ? ["unflag", "Remove flag"] : ["flag", "Flag"],
              ] satisfies [Action, string][]
            )
              // keyed by position: the toggled button stays the same element, so keyboard focus stays on it
              .map(([action, label], position) => (
                <button key={position} type="button" className={button} disabled={action === "verify" && !state.verifiable} onClick={() => moderate(action)}>
                  {label}
                </button>
              ))}
          </div>
        </fieldset>
      ) : null}
      {state.deletable ? (
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-3">
          <span className="text-fg-muted">Deleting removes the file, its scores and its rows from every board; it cannot be undone.</span>
          <button
            type="button"
            className={`${button} text-red-700 dark:text-red-300`}
            disabled={busy}
            onClick={() => {
              if (!window.confirm("Delete this submission, its scores and its rows? This cannot be undone.")) return;
              void send("DELETE", `/api/v1/submissions/${encodeURIComponent(id)}`, null, "The submission was deleted.", () => router.push("/account"));
            }}
          >
            Delete submission
          </button>
        </div>
      ) : null}
      {message ? (
        <p role="status" className={message.ok ? "text-tier-verified-fg" : "text-red-700 dark:text-red-300"}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

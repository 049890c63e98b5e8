import type { SubmissionStatusView } from "@/lib/db/queries/submission-status";
import { ModerationControls } from "./moderation-controls";

/**
 * What /submissions/[id] shows about moderation and visibility: the public flag notice (everyone), the hidden
 * notice with its reason (owner and admins), the owner's public/private switch, and the admins' verify / hide /
 * flag controls. The page renders it with one line; the API (lib/moderation) decides what is allowed.
 */
export function ModerationPanel({ submission, viewerRole }: { submission: SubmissionStatusView; viewerRole: "user" | "admin" | null }) {
  const isAdmin = viewerRole === "admin";
  const owner = submission.isOwner;
  const hiddenReason = "hiddenReason" in submission ? submission.hiddenReason : null;
  const flag = submission.flag;
  if (!flag && !submission.hidden && !owner && !isAdmin) return null;
  return (
    <section aria-label="Moderation" className="space-y-3" data-testid="moderation-panel">
      {flag ? (
        <p role="note" className="rounded-lg border border-tier-reported-line bg-tier-reported-bg px-4 py-3 text-sm text-tier-reported-fg">
          <strong className="font-semibold">Flagged by an admin</strong>
          {flag.reason ? <>: {flag.reason}</> : null} <span className="text-xs">({flag.at.slice(0, 10)})</span>
        </p>
      ) : null}
      {submission.hidden ? (
        <p role="note" className="rounded-lg border border-line-strong bg-surface-muted px-4 py-3 text-sm text-fg">
          <strong className="font-semibold">Hidden by an admin</strong>
          {hiddenReason ? <>: {hiddenReason}</> : null}. Only its owner and admins can see this submission.
        </p>
      ) : null}
      {owner || isAdmin ? (
        <ModerationControls
          id={submission.id}
          isOwner={owner}
          isAdmin={isAdmin}
          state={{
            visibility: submission.visibility,
            verified: submission.verified,
            hidden: submission.hidden,
            flagged: flag !== null,
            verifiable: submission.source === "upload" && submission.status === "done",
            // the owner's or an admin's: uploads only (seeded and reported rows are the server's own data)
            deletable: submission.source === "upload",
          }}
        />
      ) : null}
    </section>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { TableHead } from "@/components/column-heads";
import { getSessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getAuditLog } from "@/lib/db/queries/audit-log";
import { TextLink } from "@/components/text-link";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Moderation log" };

const ACTION_LABEL: Record<string, string> = {
  "submission.verify": "verified",
  "submission.unverify": "removed verification",
  "submission.hide": "hid",
  "submission.unhide": "unhid",
  "submission.flag": "flagged",
  "submission.unflag": "removed the flag of",
  "submission.visibility": "changed the visibility of",
  "submission.delete": "deleted",
  "submission.delete.own": "deleted (owner, or not public)",
};

const UTC = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

export default async function AuditPage() {
  const user = await getSessionUser();
  const entries = await getAuditLog(db(), user ? { id: user.id, role: user.role } : null);
  const isAdmin = user?.role === "admin";
  return (
    <div className="space-y-6">
      <PageHeader
        title="Moderation log"
        description={
          <>
            Every time an admin verifies, hides or flags a submission (or undoes it), it is recorded here with the admin&apos;s public reason. Admins are shown as
            &ldquo;an admin&rdquo;; submissions that are hidden or private are not named.
            {isAdmin ? (
              <>
                {" "}
                You are an admin: you also see names and owners&apos; visibility changes, and the{" "}
                <Link href="/admin" className="text-accent underline underline-offset-2">
                  submissions to review
                </Link>
                .
              </>
            ) : null}
          </>
        }
      />
      {entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-fg-muted">No moderation actions yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-line bg-surface">
          <table className="w-full text-sm" data-testid="audit-table">
            <caption className="sr-only">Moderation actions, newest first</caption>
            <TableHead
              className="bg-surface-muted text-fg-muted"
              cellClassName="px-4 py-2 text-left font-medium"
              cells={["Time", "Who", "Action", "Submission", "Reason"]}
            />
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-t border-line align-top">
                  <td className="px-4 py-2 whitespace-nowrap text-fg-muted">
                    <time dateTime={entry.createdAt}>{UTC(entry.createdAt)}</time>
                  </td>
                  <td className="px-4 py-2 text-fg">{entry.actor}</td>
                  <td className="px-4 py-2 text-fg">{ACTION_LABEL[entry.action] ?? entry.action}</td>
                  <td className="px-4 py-2">
                    {entry.submission ? (
                      <TextLink href={`/submissions/${encodeURIComponent(entry.submission.id)}`}>{entry.submission.system}</TextLink>
                    ) : (
                      <span className="text-fg-subtle">a submission that is not public</span>
                    )}
                  </td>
                  <td className="px-4 py-2 break-words text-fg">{entry.reason ?? <span className="text-fg-subtle">–</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

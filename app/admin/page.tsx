import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/page-header";
import { TableHead } from "@/components/column-heads";
import { getSessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getAdminSubmissions } from "@/lib/db/queries/admin-submissions";
import { TextLink } from "@/components/text-link";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admin", robots: { index: false } };

export default async function AdminPage() {
  const user = await getSessionUser();
  // not an admin: the page does not exist (as for any private resource)
  if (user?.role !== "admin") notFound();
  const rows = await getAdminSubmissions(db());
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Admin"
        title="Submissions to review"
        description={
          <>
            The latest uploads, private and hidden ones included. Open one to verify, hide or flag it; every action is recorded in the{" "}
            <TextLink href="/audit">moderation log</TextLink>.
          </>
        }
      />
      <div className="overflow-x-auto rounded-lg border border-line bg-surface">
        <table className="w-full text-sm" data-testid="admin-submissions">
          <caption className="sr-only">Latest uploads, newest first</caption>
          <TableHead
            className="bg-surface-muted text-fg-muted"
            cellClassName="px-4 py-2 text-left font-medium"
            cells={["Submitted", "System", "Owner", "Track · split", "Status", "Moderation"]}
          />
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-line align-top">
                <td className="px-4 py-2 whitespace-nowrap text-fg-muted">{`${row.createdAt.slice(0, 16).replace("T", " ")} UTC`}</td>
                <td className="px-4 py-2">
                  <TextLink href={`/submissions/${encodeURIComponent(row.id)}`}>{row.system}</TextLink>
                </td>
                <td className="px-4 py-2 break-all text-fg">{row.owner}</td>
                <td className="px-4 py-2 text-fg">
                  {row.tracks.join(", ")} · {row.split} · {row.benchmark}
                </td>
                <td className="px-4 py-2 text-fg">{row.status}</td>
                <td className="px-4 py-2 text-fg">
                  {[
                    row.visibility === "private" ? "private" : null,
                    row.verified ? "verified" : null,
                    row.hidden !== null ? `hidden${row.hidden ? `: ${row.hidden}` : ""}` : null,
                    row.flagged !== null ? `flagged${row.flagged ? `: ${row.flagged}` : ""}` : null,
                  ]
                    .filter(Boolean)
                    .join(" · ") || <span className="text-fg-subtle">–</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { TableHead } from "@/components/column-heads";
import { db } from "@/lib/db/client";
import { listReleases } from "@/lib/releases/read-releases";
import { TextLink } from "@/components/text-link";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Releases" };

const cell = "px-3 py-1.5 text-left";

/** /releases: every archived snapshot of every benchmark, newest first; each links to its stored board. */
export default async function ReleasesPage() {
  const releases = await listReleases(db());
  return (
    <div className="space-y-6">
      <PageHeader
        title="Releases"
        description="Each release is a benchmark's boards as they stood when it was cut: by an admin, or automatically when the data or the scorer changed. A release never changes afterwards, so its link is a citable board."
        actions={
          // a JSON document, not a page: a plain link, so the browser downloads it rather than the router fetching it
          // eslint-disable-next-line @next/next/no-html-link-for-pages
          <a href="/api/v1/releases" className="rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-hover">
            JSON
          </a>
        }
      />
      {releases.length === 0 ? (
        <p className="text-fg-muted">No release has been cut on this server yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-line bg-surface">
          <table className="w-full text-sm" data-testid="releases">
            <TableHead
              className="bg-surface-muted"
              cellClassName={cell}
              cells={["Benchmark", "Last updated (UTC)", "Scorer version", "Data version", "Cut", "Note"]}
            />
            <tbody>
              {releases.map((r) => (
                <tr key={r.id} className="border-t border-line">
                  <th scope="row" className={`${cell} font-normal`}>
                    <TextLink href={`/releases/${r.id}`}>{r.benchmark}</TextLink>
                  </th>
                  <td className={`${cell} tabular-nums`}>{r.cutAt.toISOString().slice(0, 16).replace("T", " ")}</td>
                  <td className={cell}>{r.scorerVersion}</td>
                  <td className={`${cell} font-mono text-xs`} title={r.dataVersion}>
                    {r.dataVersion.slice(0, 12)}
                  </td>
                  <td className={cell}>{r.trigger}</td>
                  <td className={`${cell} text-fg-muted`}>{r.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PageHeader } from "@/components/page-header";
import { TableHead } from "@/components/column-heads";
import { db } from "@/lib/db/client";
import { getRelease } from "@/lib/releases/read-releases";
import { viewFields } from "@/lib/releases/release-snapshot";

export const dynamic = "force-dynamic";

const load = cache((id: string) => getRelease(db(), id));

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const release = await load((await params).id);
  return { title: release ? `Release: ${release.benchmark} ${release.cutAt.toISOString().slice(0, 10)}` : "Release not found" };
}

const shown = (value: unknown) => (value === null || value === undefined || value === "" ? "–" : typeof value === "object" ? JSON.stringify(value) : String(value));

/**
 * /releases/<id>[?view=<view>]: a release's stored snapshot, read-only, one view at a time: the figures as they
 * were when it was cut, whatever the live board shows now.
 */
export default async function ReleasePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const release = await load((await params).id);
  if (!release) notFound();
  const requested = (await searchParams).view;
  const views = release.snapshot.views;
  const view = views.find((v) => v.view === requested) ?? views[0];
  const fields = view ? viewFields(view) : [];
  return (
    <div className="space-y-4">
      <PageHeader
        eyebrow={
          <Link href="/releases" className="underline underline-offset-2">
            Releases
          </Link>
        }
        title={`${release.benchmark} · ${release.cutAt.toISOString().slice(0, 10)}`}
        description={`Last updated ${release.cutAt.toISOString().slice(0, 16).replace("T", " ")} UTC · scorer ${release.scorerVersion} · data ${release.dataVersion.slice(0, 12)} · cut ${release.trigger}${release.note ? ` · ${release.note}` : ""}. A stored snapshot: later submissions do not change it.`}
        actions={
          <a
            href={`/api/v1/releases/${release.id}`}
            className="rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-hover"
          >
            Download this release (JSON)
          </a>
        }
      />
      <nav aria-label="Views of this release" className="flex flex-wrap gap-2 text-sm">
        {views.map((v) => (
          <a
            key={v.view}
            href={`/releases/${release.id}?view=${encodeURIComponent(v.view)}`}
            aria-current={v === view ? "page" : undefined}
            className={`rounded-md border px-3 py-1 ${v === view ? "border-accent bg-surface font-semibold text-fg" : "border-line text-fg-muted hover:bg-surface-hover"}`}
          >
            {v.view}
          </a>
        ))}
      </nav>
      {view ? (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold text-fg">{view.title}</h2>
          <div className="overflow-x-auto rounded-lg border border-line bg-surface">
            {/* the cells' style is set once on the table: per cell it was repeated in the HTML and in the RSC payload */}
            <table
              className="w-full text-sm [&_td]:px-3 [&_td]:py-1 [&_td]:whitespace-nowrap [&_td]:tabular-nums [&_tbody_tr]:border-t [&_tbody_tr]:border-line"
              data-testid="release-view"
            >
              <TableHead className="bg-surface-muted" cellClassName="px-3 py-1.5 text-left whitespace-nowrap" cells={fields} />
              <tbody>
                {view.rows.map((row, i) => (
                  <tr key={i}>
                    {/* keyed by position: a field name as the key was repeated in the RSC payload for every cell */}
                    {fields.map((f, column) => (
                      <td key={column}>{shown(row[f])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {view.notes.map((note) => (
            <p key={note} className="text-sm text-fg-muted">
              {note}
            </p>
          ))}
        </section>
      ) : (
        <p className="text-fg-muted">This release holds no view.</p>
      )}
    </div>
  );
}

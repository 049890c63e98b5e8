import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { formatMetric } from "@/components/format";
import { PageHeader } from "@/components/page-header";
import { getSessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getRunPage } from "@/lib/db/queries/run-page";
import { hostedTrack } from "@/lib/benchmarks";

export const dynamic = "force-dynamic";

/** A run (one upload of many tracks): every track's progress and results together. */
const load = cache(async (id: string) => {
  const user = await getSessionUser();
  return getRunPage(db(), id, user ? { id: user.id, role: user.role } : null);
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const run = await load((await params).id);
  return { title: run ? `Run: ${run.system.name}` : "Not found" };
}

const FINISHED = new Set(["done", "failed"]);

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const run = await load((await params).id);
  if (!run) notFound();
  const finished = run.submissions.filter((s) => FINISHED.has(s.status)).length;
  const pending = finished < run.submissions.length;
  return (
    <div className="space-y-6">
      {/* while tracks are still scoring, the page refreshes itself (React hoists the meta into <head>) */}
      {pending ? <meta httpEquiv="refresh" content="5" /> : null}
      <PageHeader
        eyebrow="Run"
        title={run.system.name}
        description={`${run.fileName ?? "Upload"} · ${run.submissions.length} ${run.submissions.length === 1 ? "track" : "tracks"} · uploaded ${run.createdAt.slice(0, 16).replace("T", " ")} UTC · ${finished} of ${run.submissions.length} finished`}
      />
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="run-tracks">
          <thead>
            <tr className="border-b border-line text-left text-fg-muted">
              <th className="py-2 pr-3 font-medium">Track</th>
              <th className="py-2 pr-3 font-medium">Split</th>
              <th className="py-2 pr-3 font-medium">Status</th>
              <th className="py-2 pr-3 font-medium">Progress</th>
              <th className="py-2 pr-3 font-medium">Results</th>
            </tr>
          </thead>
          <tbody>
            {run.submissions.map((s) => {
              const declared = hostedTrack(s.track);
              const defs = declared?.track.metrics ?? [];
              const shown = defs.flatMap((def) => {
                const score = s.scores.find((x) => x.metric === def.id);
                const value = score ? formatMetric(score.value, def.decimals) : null;
                return value === null ? [] : [`${def.label} ${value}`];
              });
              return (
                <tr key={s.id} className="border-b border-line align-top" data-track={s.track} data-status={s.status}>
                  <td className="py-2 pr-3">
                    <Link href={`/submissions/${encodeURIComponent(s.id)}`} className="text-accent underline underline-offset-2">
                      {declared?.label ?? s.track}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{s.split}</td>
                  <td className="py-2 pr-3">{s.status}</td>
                  <td className="py-2 pr-3 tabular-nums">
                    {s.progressDone} / {s.progressTotal}
                  </td>
                  <td className="py-2 pr-3">{s.status === "failed" ? (s.failureReason ?? "failed") : shown.slice(0, 3).join(" · ") || "—"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p>
        <Link href={`/systems/${encodeURIComponent(run.system.slug)}`} className="text-accent underline underline-offset-2">
          All submissions of {run.system.name}
        </Link>
      </p>
    </div>
  );
}

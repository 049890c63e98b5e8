import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { formatMetric } from "@/lib/leaderboard/format";
import { PageHeader } from "@/components/page-header";
import { getSessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getRunPage } from "@/lib/db/queries/run-page";
import { serverSetup } from "@/lib/submissions/server-setup";
import { TextLink } from "@/components/text-link";

export const dynamic = "force-dynamic";

/** A run (one upload of many tracks): every track's progress and results together. */
const load = cache(async (id: string) => {
  const user = await getSessionUser();
  return getRunPage(db(), id, user ? { id: user.id, role: user.role } : null, serverSetup());
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
              const { explanation } = s;
              const shown = explanation.figures.flatMap((f) => {
                const value = formatMetric(f.value, f.decimals);
                return f.value === null || value === null ? [] : [`${f.label} ${value}`];
              });
              return (
                <tr key={s.id} className="border-b border-line align-top" data-track={s.track} data-status={s.status}>
                  <td className="py-2 pr-3">
                    <TextLink href={`/submissions/${encodeURIComponent(s.id)}`}>{explanation.label}</TextLink>
                  </td>
                  <td className="py-2 pr-3">{s.split}</td>
                  <td className="py-2 pr-3" data-testid="run-track-status">
                    {explanation.status}
                  </td>
                  <td className="py-2 pr-3 tabular-nums">
                    {s.progressDone} / {s.progressTotal}
                  </td>
                  <td className="space-y-1 py-2 pr-3" data-testid="run-track-results">
                    {shown.length > 0 ? <p>{shown.join(" · ")}</p> : null}
                    {explanation.coverage?.partial ? (
                      <p className="font-medium text-amber-800 dark:text-amber-300" data-testid="run-track-coverage">
                        {explanation.coverage.text}
                      </p>
                    ) : null}
                    {explanation.missing.map((m) => (
                      <p key={m.reason} className="text-fg-muted" data-testid="run-track-missing">
                        <span className="text-fg">{m.metrics.join(", ")}</span>: {m.reason}
                      </p>
                    ))}
                    {explanation.notes.map((note) => (
                      <p key={note} className="text-fg-muted" data-testid="run-track-note">
                        {note}
                      </p>
                    ))}
                    {explanation.board ? (
                      <p>
                        <Link href={explanation.board.href} className="text-accent underline underline-offset-2" data-testid="run-track-board">
                          Its row on the {explanation.board.label}
                        </Link>
                      </p>
                    ) : null}
                    {shown.length === 0 && explanation.missing.length === 0 && explanation.notes.length === 0 && !explanation.board && !explanation.coverage?.partial
                      ? "—"
                      : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p>
        <TextLink href={`/systems/${encodeURIComponent(run.system.slug)}`}>All submissions of {run.system.name}</TextLink>
      </p>
    </div>
  );
}

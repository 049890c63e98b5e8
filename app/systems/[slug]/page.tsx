import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { KindBadge } from "@/components/kind-badge";
import { PageHeader } from "@/components/page-header";
import { TierBadge } from "@/components/tier-badge";
import { db } from "@/lib/db/client";
import { TRACK_LABELS, type TrackId } from "@/lib/tracks";

export const dynamic = "force-dynamic";

async function loadSystem(slug: string) {
  return db().system.findUnique({
    where: { slug },
    include: {
      submissions: {
        where: { visibility: "public", hiddenAt: null, status: "done" },
        orderBy: { createdAt: "asc" },
        include: { scores: { orderBy: [{ trackId: "asc" }, { metric: "asc" }], include: { judgeProfile: { select: { name: true } } } }, benchmarkVersion: { select: { name: true } } },
      },
    },
  });
}

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const system = await db().system.findUnique({ where: { slug: (await params).slug }, select: { name: true } });
  return { title: system?.name ?? "System not found" };
}

export default async function SystemPage({ params }: { params: Promise<{ slug: string }> }) {
  const system = await loadSystem((await params).slug);
  if (!system) notFound();
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow={<KindBadge kind={system.kind} />}
        title={system.name}
        description={[system.organisation, system.backbone ? `backbone ${system.backbone}` : null, system.description].filter(Boolean).join(" · ")}
      />
      {system.submissions.map((submission) => (
        <section key={submission.id} className="rounded-lg border border-line bg-surface p-4">
          <h2 className="flex flex-wrap items-center gap-2 font-semibold">
            <TierBadge tier={submission.source === "reported" ? "reported" : submission.verifiedAt ? "verified" : "rescored"} sourceUrl={submission.sourceUrl} sourceLabel={submission.sourceLabel} />
            <span>{submission.sourceLabel ?? `Submission ${submission.id}`}</span>
            <span className="text-sm font-normal text-fg-subtle">
              {submission.benchmarkVersion.name} · split {submission.split}
            </span>
          </h2>
          {submission.note ? <p className="mt-1 text-sm text-fg-muted">{submission.note}</p> : null}
          <table className="mt-3 w-full text-sm">
            <thead>
              <tr className="text-left text-fg-subtle">
                <th scope="col" className="py-1">Track</th>
                <th scope="col">Metric</th>
                <th scope="col" className="text-right">Value</th>
                <th scope="col" className="text-right">n</th>
                <th scope="col" className="text-right">95% CI</th>
              </tr>
            </thead>
            <tbody>
              {submission.scores.map((score) => (
                <tr key={score.id} className="border-t border-line">
                  <td className="py-1">{TRACK_LABELS[score.trackId as TrackId] ?? score.trackId}</td>
                  <td>
                    {score.metric}
                    {score.judgeProfile ? <span className="ml-1 text-xs text-fg-subtle">(judge: {score.judgeProfile.name})</span> : null}
                  </td>
                  <td className="text-right tabular-nums">{score.value === null ? "—" : score.value.toFixed(4)}</td>
                  <td className="text-right tabular-nums">{score.n ?? "—"}</td>
                  <td className="text-right tabular-nums">
                    {score.ciLow !== null && score.ciHigh !== null ? `${score.ciLow.toFixed(4)} – ${score.ciHigh.toFixed(4)}` : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <p>
        <Link href="/" className="text-accent underline">
          Back to the leaderboard
        </Link>
      </p>
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { CliSubmitHelp } from "@/components/cli-submit-help";
import { InputsLinks } from "@/lib/benchmarks/alpsbench/ui/inputs-links";
import { inputsVersionFor } from "@/lib/db/queries/inputs-version";
import { PageHeader } from "@/components/page-header";
import { signInMethods } from "@/lib/auth/auth";
import { devSignInAvailable } from "@/lib/auth/dev-sign-in";
import { UploadForm, type UploadTrackOption } from "@/components/upload-form";
import { getSessionUser } from "@/lib/auth/session";
import { BENCHMARKS } from "@/lib/benchmarks";
import { db } from "@/lib/db/client";
import { formatAllowedAt, type UploadAllowance, uploadAllowance } from "@/lib/submissions/upload-limits";
import { moduleUploadOptions } from "@/lib/benchmarks/module-upload-options";
import { TRACK_IDS, TRACK_LABELS, taskOf, trackSlug } from "@/lib/benchmarks/alpsbench/track-ids";
import { SignOutButton } from "../signin/_components/sign-out-button";
import { localSignInOffered } from "../signin/local-gate";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Submit predictions" };

const TRACKS: UploadTrackOption[] = TRACK_IDS.map((id) => ({
  id,
  slug: trackSlug(id),
  // "Task 3 · Retrieval, 100 distractors" → "Retrieval, 100 distractors": the optgroup names the task.
  label: TRACK_LABELS[id].replace(/^Task \d · /, ""),
  task: taskOf(id),
}));

const BENCHMARK_LABEL: Record<string, string> = { "alpsbench-v1": "AlpsBench", demo: "Demo (synthetic, small)" };

export default async function SubmitPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const requested = (await searchParams).benchmark;
  const user = await getSessionUser();
  const inputs = await inputsVersionFor(db(), "alpsbench-v1");
  const inputsLinks = inputs ? (
    <InputsLinks
      tasks={["task1", "task2", "task3", "task4"]}
      benchmark={inputs.slug}
      note={inputs.fallback ? "No AlpsBench data is imported on this server yet: these are the synthetic demo's inputs (upload to the Demo benchmark)." : undefined}
    />
  ) : null;
  if (!user) {
    const methods = signInMethods();
    const canSignIn = methods.github || methods.email || devSignInAvailable() || (await localSignInOffered());
    return (
      <div className="space-y-6">
        <PageHeader
          eyebrow="Submit"
          title="Sign in to submit"
          description="Uploading predictions for server-side scoring needs an account, so you can follow your submissions and manage them later."
        />
        <div className="max-w-md rounded-lg border border-line bg-surface p-5">
          <p className="text-fg-muted">Reading the leaderboard and downloading the inputs needs no account.</p>
          {canSignIn ? (
            <Link
              href="/signin?callbackUrl=%2Fsubmit"
              className="mt-4 inline-flex rounded-md bg-accent px-4 py-2 text-sm font-semibold text-surface hover:bg-accent-strong"
            >
              Sign in to submit
            </Link>
          ) : (
            <p className="mt-2 text-sm text-fg-muted">This server has no sign-in method configured (see docs/running.md), so the web form is not available here.</p>
          )}
        </div>
        {inputsLinks}
        <div className="max-w-2xl rounded-lg border border-line bg-surface p-5">
          <CliSubmitHelp noSignIn={!canSignIn} />
        </div>
      </div>
    );
  }

  const versions = await db().benchmarkVersion.findMany({
    select: { id: true, slug: true, name: true, isDemo: true, _count: { select: { instances: true } } },
    orderBy: [{ isDemo: "asc" }, { slug: "asc" }],
  });
  const allowance = await uploadAllowance(
    db(),
    user.id,
    versions.filter((v) => v._count.instances > 0).map((v) => v.id),
  );
  const benchmarks = versions.filter((v) => v._count.instances > 0).map((v) => ({ slug: v.slug, label: BENCHMARK_LABEL[v.slug] ?? v.name }));
  const modules = await moduleUploadOptions(db(), BENCHMARKS);
  // `/submit?benchmark=personalllm` (the module's leaderboard links here) preselects it
  const defaultBenchmark =
    typeof requested === "string" && [...benchmarks.map((b) => b.slug), ...modules.map((m) => m.id)].includes(requested) ? requested : undefined;

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Submit"
        title="Submit predictions"
        description={
          <>
            Upload one prediction file per track. The server validates it while it uploads, queues it, and scores it with the same versioned scorer as every
            re-scored row; judge metrics use the configured judge profile. Follow the queue on the{" "}
            <Link href="/queue" className="text-accent underline underline-offset-2">
              queue page
            </Link>
            .
          </>
        }
        actions={
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-fg-muted">
            <span>
              Signed in as <span className="font-medium break-all text-fg">{user.email ?? user.id}</span>
            </span>
            <SignOutButton />
          </div>
        }
      />
      <UploadLimits
        allowance={allowance}
        labelOf={(id) => {
          const version = versions.find((v) => v.id === id);
          return version ? (BENCHMARK_LABEL[version.slug] ?? version.name) : id;
        }}
      />
      {benchmarks.length === 0 && modules.length === 0 ? (
        <p role="status" className="rounded-lg border border-line bg-surface p-4 text-fg-muted">
          No benchmark data is loaded on this server yet, so there is nothing to score against.
        </p>
      ) : (
        <UploadForm tracks={TRACKS} benchmarks={benchmarks} modules={modules} defaultBenchmark={defaultBenchmark} />
      )}
      {inputsLinks}
    </div>
  );
}

/** The limits and what this user has used of them: shown before the form so a refusal is never a surprise. */
function UploadLimits({ allowance, labelOf }: { allowance: UploadAllowance; labelOf: (benchmarkVersionId: string) => string }) {
  return (
    <section aria-labelledby="upload-limits" className="max-w-3xl rounded-lg border border-line bg-surface p-4 text-sm">
      <h2 id="upload-limits" className="font-semibold">
        Upload limits
      </h2>
      <p className="mt-1 text-fg-muted">
        A run (an archive or a folder of many tracks) counts as one upload. Per account: {allowance.perDay} uploads a day, {allowance.perTrackPerDay} a day per
        track; uploads with test-split rows (the test split, or the full benchmark with test rows): {allowance.testPerDay} a day and {allowance.testPerMonth} in 30
        days per benchmark, because test figures are published exactly. Dev and validation uploads have no test limit; an identical re-upload is answered as a
        duplicate and not counted. You have made {allowance.usedToday} of {allowance.perDay} uploads in the last 24 hours.
      </p>
      {allowance.test.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {allowance.test.map((t) => (
            <li key={t.benchmarkVersionId}>
              <span className="font-medium">{labelOf(t.benchmarkVersionId)}</span>: {t.today} of {allowance.testPerDay} test uploads in the last 24 hours, {t.month}{" "}
              of {allowance.testPerMonth} in 30 days.{" "}
              {t.nextAllowedAt ? (
                <span className="font-medium">Next test upload allowed from {formatAllowedAt(t.nextAllowedAt)}.</span>
              ) : (
                "A test upload is allowed now."
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

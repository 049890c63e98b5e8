import type { Metadata } from "next";
import Link from "next/link";
import { Fragment } from "react";
import { CliSubmitHelp } from "@/components/cli-submit-help";
import { PageHeader } from "@/components/page-header";
import { signInMethods } from "@/lib/auth/auth";
import { devSignInAvailable } from "@/lib/auth/dev-sign-in";
import { UploadForm } from "@/components/upload-form";
import { pipelineUploadOptions } from "@/components/upload-form/pipeline-options";
import { getSessionUser } from "@/lib/auth/session";
import { hostedBenchmarks, oneCallBenchmarks, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { db } from "@/lib/db/client";
import { formatAllowedAt } from "@/lib/submissions/refusal-advice";
import { type UploadAllowance, uploadAllowance } from "@/lib/submissions/upload-limits";
import { moduleUploadOptions } from "@/lib/benchmarks/module-upload-options";
import { dataVersionGaps } from "@/lib/benchmarks/track-readiness";
import { serverSetup } from "@/lib/submissions/server-setup";
import { SignOutButton } from "../signin/_components/sign-out-button";
import { localSignInOffered } from "../signin/local-gate";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Submit predictions" };

export default async function SubmitPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const requested = (await searchParams).benchmark;
  const user = await getSessionUser();
  // the benchmarks with a submit form of their own, the one at "/" first: their tracks and formats are their declarations
  const pipelines = hostedBenchmarks();
  // each benchmark's own downloads (AlpsBench: every task's inputs), in the registry's order
  const inputsLinks = (await Promise.all(pipelines.map((p) => p.submitForm?.inputsLinks?.(db()) ?? null))).map((links, i) =>
    links ? <Fragment key={pipelines[i]!.id}>{links}</Fragment> : null,
  );
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
  const loaded = versions.filter((v) => v._count.instances > 0);
  const allowance = await uploadAllowance(
    db(),
    user.id,
    loaded.map((v) => v.id),
  );
  const offered = pipelineUploadOptions(pipelines, loaded, ROOT_BENCHMARK);
  // beside the form's split picker: the test answers left per data version (the demo's are not limited)
  const testQuotas = Object.fromEntries(
    allowance.test.flatMap((t) => {
      const slug = loaded.find((v) => v.id === t.benchmarkVersionId)?.slug;
      return slug ? [[slug, { perDay: t.perDay, perMonth: t.perMonth, leftToday: t.leftToday, leftMonth: t.leftMonth }]] : [];
    }),
  );
  // each data version's tracks without instances here are offered disabled, with why (a partial import: no Task 4)
  const benchmarks = await Promise.all(
    offered.benchmarks.map(async (version) => {
      const owner = pipelines.find((p) => p.id === version.pipeline);
      const trackIds = offered.tracks.filter((t) => t.pipeline === version.pipeline).map((t) => t.id);
      const missingData = owner ? await dataVersionGaps(db(), owner, version, trackIds) : {};
      return Object.keys(missingData).length > 0 ? { ...version, missingData } : version;
    }),
  );
  // the platform's picker for the others: their one-call tracks and row formats
  const modules = await moduleUploadOptions(
    db(),
    oneCallBenchmarks().filter((b) => !b.submitForm),
  );
  // each benchmark's word on where an upload is ranked, said before the upload (AlpsBench: its boards and overview)
  const setup = serverSetup();
  const rankingNotes = (await Promise.all(pipelines.map((p) => p.submitForm?.rankingNote?.(setup) ?? null))).map((note, i) =>
    note ? <Fragment key={pipelines[i]!.id}>{note}</Fragment> : null,
  );
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
      {/* The limits and the ranking note come first in reading order; from xl they sit beside the form, which then
          starts on the first screen (the form splits into two columns from lg: beside them below xl it would be cramped) */}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
        <div className="space-y-6 xl:col-start-2 xl:row-start-1">
          <UploadLimits
            allowance={allowance}
            labelOf={(id) => {
              const version = versions.find((v) => v.id === id);
              return version ? (pipelineUploadOptions(pipelines, [version], ROOT_BENCHMARK).benchmarks[0]?.label ?? version.name) : id;
            }}
          />
          {rankingNotes}
        </div>
        <div className="min-w-0 xl:col-start-1 xl:row-start-1">
          {benchmarks.length === 0 && modules.length === 0 ? (
            <p role="status" className="rounded-lg border border-line bg-surface p-4 text-fg-muted">
              No benchmark data is loaded on this server yet, so there is nothing to score against.
            </p>
          ) : (
            <UploadForm
              tracks={offered.tracks}
              benchmarks={benchmarks}
              pipelines={offered.pipelines}
              modules={modules}
              defaultBenchmark={defaultBenchmark}
              testQuotas={testQuotas}
            />
          )}
        </div>
      </div>
      {inputsLinks}
    </div>
  );
}

/** The limits and what this user has used of them: read before the form (above it, or beside it on a wide screen) so a refusal is never a surprise. */
function UploadLimits({ allowance, labelOf }: { allowance: UploadAllowance; labelOf: (benchmarkVersionId: string) => string }) {
  return (
    <section aria-labelledby="upload-limits" className="max-w-3xl rounded-lg border border-line bg-surface p-4 text-sm">
      <h2 id="upload-limits" className="font-semibold">
        Upload limits
      </h2>
      <p className="mt-1 text-fg-muted">
        A run (an archive or a folder of many tracks) counts as one upload. Per account: {allowance.perDay} uploads a day, {allowance.perTrackPerDay} a day per
        track; test uploads (the test split, or the full benchmark with test rows): {allowance.testPerDay} test answers a day and {allowance.testPerMonth} in 30 days
        per benchmark, because test figures are published exactly. A test upload is one answer, or more when several of its files are scored on the same hidden test
        instances (each of those is an answer on them). Dev and validation uploads cost no test answer; an identical re-upload is answered as a duplicate and not
        counted. You have made {allowance.usedToday} of {allowance.perDay} uploads in the last 24 hours.
      </p>
      {allowance.test.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {allowance.test.map((t) => (
            <li key={t.benchmarkVersionId} data-testid="test-quota">
              <span className="font-medium">{labelOf(t.benchmarkVersionId)}</span>: {t.leftToday} of {t.perDay} test answers left today, {t.leftMonth} of{" "}
              {t.perMonth} left this month (30 days).{" "}
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

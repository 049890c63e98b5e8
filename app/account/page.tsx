import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { TableHead } from "@/components/column-heads";
import { STATUS_LABEL, type SubmissionStatusValue } from "@/components/submission-status";
import { requireSessionUser } from "@/lib/auth/require-session-user";
import { db } from "@/lib/db/client";
import { listAccountApiTokens, type AccountApiToken } from "@/lib/db/queries/account-api-tokens";
import { listAccountSubmissions } from "@/lib/db/queries/account-submissions";
import { groupRuns } from "@/lib/submissions/group-runs";
import { SignOutButton } from "../signin/_components/sign-out-button";
import { CreateTokenForm } from "./_components/create-token-form";
import { DisplayNameForm } from "./_components/display-name-form";
import { SystemForm } from "./_components/system-form";
import { revokeTokenAction } from "./actions";
import { SITE } from "@/lib/platform/site";
import { SectionHeading } from "@/components/section-heading";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your account", robots: { index: false } };

const UTC = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export default async function AccountPage() {
  const user = await requireSessionUser("/account");
  const [tokens, submissions, profile, systems] = await Promise.all([
    listAccountApiTokens(db(), user.id),
    listAccountSubmissions(db(), user.id),
    db().user.findUnique({ where: { id: user.id }, select: { name: true } }),
    db().system.findMany({ where: { ownerId: user.id }, orderBy: { createdAt: "asc" }, select: { slug: true, name: true, kind: true }, take: 200 }),
  ]);

  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow="Account"
        title="Your account"
        description={
          <>
            Signed in as <strong className="font-semibold break-all text-fg">{user.email ?? user.id}</strong>
            {user.role === "admin" ? <span className="ml-2 rounded-full border border-line px-2 py-px text-xs">admin</span> : null}
          </>
        }
        actions={<SignOutButton />}
      />

      <section aria-labelledby="profile-title" className="space-y-3">
        <SectionHeading id="profile-title">Your name</SectionHeading>
        <div className="max-w-2xl rounded-lg border border-line bg-surface p-5">
          <DisplayNameForm current={profile?.name ?? ""} />
        </div>
      </section>

      <section aria-labelledby="tokens-title" className="space-y-4">
        <div>
          <SectionHeading id="tokens-title">API tokens</SectionHeading>
          <p className="mt-1 max-w-3xl text-sm text-fg-muted">
            For scripts and the <code className="font-mono text-[0.8125rem]">{SITE.cliName} submit</code> command. A token acts as you, limited to its scopes; revoke
            it when a machine or script no longer needs it. See the{" "}
            <Link href="/api-docs" className="font-medium text-accent hover:underline">
              API documentation
            </Link>
            .
          </p>
        </div>
        <div className="rounded-lg border border-line bg-surface p-5">
          <h3 className="mb-3 text-base font-semibold text-fg">Create a token</h3>
          <CreateTokenForm />
        </div>
        <TokenList tokens={tokens} />
      </section>

      {systems.length > 0 ? (
        <section id="systems" aria-labelledby="systems-title" className="scroll-mt-6 space-y-3">
          <SectionHeading id="systems-title">Your systems</SectionHeading>
          <p className="text-sm text-fg-muted">
            Rename a system or change its kind (a memory system left at the form&apos;s default &quot;LLM&quot;). Its address and every link stay; each change is
            listed in the history on its page.
          </p>
          <div className="divide-y divide-line rounded-lg border border-line bg-surface">
            {systems.map((s) => (
              <SystemForm key={s.slug} slug={s.slug} name={s.name} kind={s.kind} />
            ))}
          </div>
        </section>
      ) : null}

      <section id="submissions" aria-labelledby="submissions-title" className="scroll-mt-6 space-y-3">
        <SectionHeading id="submissions-title">Your submissions</SectionHeading>
        {submissions.rows.length === 0 ? (
          <p className="text-sm text-fg-muted">
            None yet.{" "}
            <Link href="/submit" className="font-medium text-accent hover:underline">
              Submit predictions
            </Link>
          </p>
        ) : (
          <div className="relative overflow-x-auto rounded-lg border border-line bg-surface">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Your submissions, newest first</caption>
              <TableHead
                className="border-b border-line bg-surface-muted text-fg-muted"
                cellClassName="px-3 py-2 font-medium"
                cells={["System", "Tracks", "Split", "Status", "Visibility", ["Submitted", "px-3 py-2 font-medium whitespace-nowrap"]]}
              />
              <tbody className="divide-y divide-line">
                {groupRuns(submissions.rows).map((entry) =>
                  entry.kind === "run" ? (
                    <tr key={`run-${entry.runId}`} data-run-id={entry.runId}>
                      <td className="px-3 py-2">
                        <Link href={`/runs/${entry.runId}`} className="font-medium text-accent hover:underline">
                          {entry.systemName}
                        </Link>
                        <span className="ml-1.5 text-xs text-fg-muted">(run{entry.benchmarkSlug === "demo" ? ", demo" : ""})</span>
                      </td>
                      <td className="px-3 py-2 font-mono text-[0.8125rem] text-fg">{entry.tracks.join(", ")}</td>
                      <td className="px-3 py-2 text-fg">{entry.splits.join(", ")}</td>
                      <td className="px-3 py-2 text-fg">{entry.status}</td>
                      <td className="px-3 py-2 text-fg">
                        {entry.visibility}
                        {entry.hidden ? <span className="ml-1.5 text-xs text-fg-muted">(some hidden by a moderator)</span> : null}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap text-fg-muted">{UTC(entry.createdAt)}</td>
                    </tr>
                  ) : (
                    <tr key={entry.row.id}>
                      <td className="px-3 py-2">
                        <Link href={`/submissions/${entry.row.id}`} className="font-medium text-accent hover:underline">
                          {entry.row.systemName}
                        </Link>
                        {entry.row.benchmarkSlug === "demo" ? <span className="ml-1.5 text-xs text-fg-muted">(demo)</span> : null}
                      </td>
                      <td className="px-3 py-2 font-mono text-[0.8125rem] text-fg">{entry.row.tracks.join(", ")}</td>
                      <td className="px-3 py-2 text-fg">{entry.row.split}</td>
                      <td className="px-3 py-2 text-fg">{STATUS_LABEL[entry.row.status as SubmissionStatusValue] ?? entry.row.status}</td>
                      <td className="px-3 py-2 text-fg">
                        {entry.row.visibility}
                        {entry.row.hidden ? <span className="ml-1.5 text-xs text-fg-muted">(hidden by a moderator)</span> : null}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap text-fg-muted">{UTC(entry.row.createdAt)}</td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </div>
        )}
        {submissions.total > submissions.rows.length ? (
          <p className="text-sm text-fg-muted">
            Showing the newest {submissions.rows.length} of {submissions.total}.
          </p>
        ) : null}
      </section>
    </div>
  );
}

function TokenList({ tokens }: { tokens: AccountApiToken[] }) {
  if (tokens.length === 0) return <p className="text-sm text-fg-muted">You have no API tokens yet.</p>;
  return (
    <>
      <ul className="space-y-2 sm:hidden" aria-label="Your API tokens">
        {tokens.map((t) => (
          <li key={t.id} className={`rounded-lg border border-line bg-surface p-3 text-sm ${t.revokedAt ? "text-fg-muted" : "text-fg"}`}>
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium break-words">{t.name}</p>
              {t.revokedAt ? null : <RevokeButton token={t} />}
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-[0.8125rem]">
              <dt className="text-fg-muted">Token</dt>
              <dd className="font-mono">{t.prefix}…</dd>
              <dt className="text-fg-muted">Scopes</dt>
              <dd className="font-mono">{t.scopes.join(", ")}</dd>
              <dt className="text-fg-muted">Created</dt>
              <dd>{UTC(t.createdAt)}</dd>
              <dt className="text-fg-muted">Last used</dt>
              <dd>{t.lastUsedAt ? UTC(t.lastUsedAt) : "never"}</dd>
              {t.revokedAt ? (
                <>
                  <dt className="text-fg-muted">Revoked</dt>
                  <dd>{UTC(t.revokedAt)}</dd>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
      <TokenTable tokens={tokens} />
    </>
  );
}

function TokenTable({ tokens }: { tokens: AccountApiToken[] }) {
  return (
    <div className="relative hidden overflow-x-auto rounded-lg border border-line bg-surface sm:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your API tokens</caption>
        <TableHead
          className="border-b border-line bg-surface-muted text-fg-muted"
          cellClassName="px-3 py-2 font-medium"
          cells={[
            "Name",
            "Token",
            "Scopes",
            "Created",
            ["Last used", "px-3 py-2 font-medium whitespace-nowrap"],
            [<span className="sr-only">Actions</span>, "px-3 py-2 font-medium"],
          ]}
        />
        <tbody className="divide-y divide-line">
          {tokens.map((t) => (
            <tr key={t.id} data-token-id={t.id} className={t.revokedAt ? "text-fg-muted" : "text-fg"}>
              <th scope="row" className="min-w-32 px-3 py-2 font-medium break-words">
                {t.name}
              </th>
              <td className="px-3 py-2 font-mono text-[0.8125rem] whitespace-nowrap">{t.prefix}…</td>
              <td className="px-3 py-2 font-mono text-[0.8125rem]">{t.scopes.join(", ")}</td>
              <td className="px-3 py-2 whitespace-nowrap">{UTC(t.createdAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{t.lastUsedAt ? UTC(t.lastUsedAt) : "never"}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">
                {t.revokedAt ? <span className="text-xs">revoked {UTC(t.revokedAt)}</span> : <RevokeButton token={t} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RevokeButton({ token }: { token: AccountApiToken }) {
  return (
    <form action={revokeTokenAction}>
      <input type="hidden" name="tokenId" value={token.id} />
      <button
        type="submit"
        aria-label={`Revoke token ${token.name}`}
        className="rounded-md border border-line-strong px-2.5 py-1 text-xs font-medium text-red-700 hover:bg-surface-hover dark:text-red-300"
      >
        Revoke
      </button>
    </form>
  );
}

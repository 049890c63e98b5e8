import type { Metadata } from "next";
import Link from "next/link";
import { CliSubmitHelp } from "@/components/cli-submit-help";
import { PageHeader } from "@/components/page-header";
import { signInMethods } from "@/lib/auth/auth";
import { devSignInAvailable } from "@/lib/auth/dev-sign-in";
import { getSessionUser } from "@/lib/auth/session";
import { safeCallbackPath } from "./callback-path";
import { EmailSignInForm } from "./_components/email-sign-in-form";
import { GitHubSignInButton } from "./_components/github-sign-in-button";
import { LocalSignInForm } from "./_components/local-sign-in-form";
import { localSignInOffered } from "./local-gate";
import { SignOutButton } from "./_components/sign-out-button";
import { signInErrorText } from "./sign-in-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const callbackUrl = safeCallbackPath(first(params.callbackUrl));
  const errorCode = first(params.error);
  const user = await getSessionUser();
  const methods = signInMethods();
  const dev = devSignInAvailable();
  const local = !user && (await localSignInOffered());
  const anyMethod = methods.github || methods.email || dev || local;

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Account"
        title={user ? "You are signed in" : "Sign in"}
        description={
          user
            ? "You can upload predictions, follow your submissions and manage API tokens."
            : "Sign in to upload predictions and follow your submissions. Reading the leaderboard needs no account."
        }
      />
      <div className="max-w-md space-y-5 rounded-lg border border-line bg-surface p-5">
        {user ? (
          <div className="space-y-4">
            <p className="text-fg">
              Signed in as <strong className="font-semibold break-all">{user.email ?? user.id}</strong>
              {user.role === "admin" ? <span className="ml-2 rounded-full border border-line px-2 py-px text-xs text-fg-muted">admin</span> : null}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <Link href={callbackUrl} className="rounded-md bg-accent px-4 py-2 text-sm font-semibold text-surface hover:bg-accent-strong">
                {callbackUrl === "/submit" ? "Submit predictions" : "Continue"}
              </Link>
              <Link href="/account" className="rounded-md px-3 py-1.5 text-sm font-medium text-accent hover:underline">
                Your account
              </Link>
              <SignOutButton />
            </div>
          </div>
        ) : (
          <>
            {errorCode ? (
              <p
                role="alert"
                className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
              >
                {signInErrorText(errorCode).message}
              </p>
            ) : null}
            {methods.github ? <GitHubSignInButton callbackUrl={callbackUrl} /> : null}
            {methods.github && (methods.email || dev) ? <Divider /> : null}
            {methods.email ? <EmailSignInForm callbackUrl={callbackUrl} mode="email" /> : null}
            {dev ? (
              <section aria-labelledby="dev-signin-title" className="space-y-3 rounded-md border border-dashed border-line-strong p-4">
                <div>
                  <h2 id="dev-signin-title" className="text-base font-semibold text-fg">
                    Development sign-in
                  </h2>
                  <p className="mt-1 text-sm text-fg-muted">
                    This is a development build (<code className="font-mono text-[0.8125rem]">npm run dev</code>): anyone can sign in as any address. Production
                    builds do not contain it.
                  </p>
                </div>
                <EmailSignInForm callbackUrl={callbackUrl} mode="dev" />
              </section>
            ) : null}
            {local ? (
              <section aria-labelledby="local-signin-title" className="space-y-3 rounded-md border border-dashed border-line-strong p-4">
                <div>
                  <h2 id="local-signin-title" className="text-base font-semibold text-fg">
                    Sign in on this machine
                  </h2>
                  <p className="mt-1 text-sm text-fg-muted">
                    No e-mail or GitHub sign-in is configured, and you are on the machine that runs the server: it prints a one-time link to its log. Configuring{" "}
                    <code className="font-mono text-[0.8125rem]">EMAIL_SERVER</code> or a GitHub app turns this off; other machines never get it.
                  </p>
                </div>
                <LocalSignInForm callbackUrl={callbackUrl} />
              </section>
            ) : null}
            {anyMethod ? null : (
              <div className="space-y-2" role="status">
                <h2 className="text-base font-semibold text-fg">No sign-in method is configured</h2>
                <p className="text-sm text-fg-muted">
                  This server offers neither GitHub nor e-mail sign-in. Its operator can set <code className="font-mono text-[0.8125rem]">EMAIL_SERVER</code> (an
                  SMTP server for sign-in links) or <code className="font-mono text-[0.8125rem]">AUTH_GITHUB_ID</code> and{" "}
                  <code className="font-mono text-[0.8125rem]">AUTH_GITHUB_SECRET</code>; see docs/running.md. Submitting works without it:
                </p>
                <CliSubmitHelp noSignIn />
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function Divider() {
  return (
    <div className="flex items-center gap-3 text-xs text-fg-subtle" aria-hidden="true">
      <span className="h-px flex-1 bg-line" />
      or
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}

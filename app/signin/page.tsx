import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { devSignInEnabled } from "@/lib/auth/auth";
import { getSessionUser } from "@/lib/auth/session";
import { safeCallbackPath } from "./callback-path";
import { DevSignInForm } from "./_components/dev-signin-form";
import { SignOutButton } from "./_components/sign-out-button";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

const ERROR_TEXT: Record<string, string> = {
  CredentialsSignin: "Sign-in failed. Check the e-mail address and try again.",
  Configuration: "Sign-in is not configured on this server.",
  AccessDenied: "Access denied.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const callbackUrl = safeCallbackPath(first(params.callbackUrl));
  const errorCode = first(params.error);
  const user = await getSessionUser();
  const enabled = devSignInEnabled();

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Account"
        title={user ? "You are signed in" : "Sign in"}
        description={
          user
            ? "You can upload predictions and follow your submissions."
            : "Sign in to upload predictions and follow your submissions. Reading the leaderboard needs no account."
        }
      />
      <div className="max-w-md rounded-lg border border-line bg-surface p-5">
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
              <SignOutButton />
            </div>
          </div>
        ) : enabled ? (
          <div className="space-y-4">
            <div>
              <h2 className="text-base font-semibold text-fg">Development sign-in</h2>
              <p className="mt-1 text-sm text-fg-muted">
                This server runs with <code className="font-mono text-[0.8125rem]">ALPSBENCH_DEV_SIGNIN=1</code>: anyone can sign in as any e-mail
                address. For local use and tests only.
              </p>
            </div>
            {errorCode ? (
              <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
                {ERROR_TEXT[errorCode] ?? "Sign-in failed. Try again."}
              </p>
            ) : null}
            <DevSignInForm callbackUrl={callbackUrl} />
          </div>
        ) : (
          <div className="space-y-2" role="status">
            <h2 className="text-base font-semibold text-fg">No sign-in method is available</h2>
            <p className="text-sm text-fg-muted">
              The development sign-in is switched off on this server, and no other sign-in method is configured yet. To try submissions
              locally, start the server with <code className="font-mono text-[0.8125rem]">ALPSBENCH_DEV_SIGNIN=1</code> (never on a public
              deployment: it lets anyone sign in as anyone).
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

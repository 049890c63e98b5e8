import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { signInErrorText } from "../sign-in-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign-in problem" };

/** Where Auth.js sends a failed sign-in (pages.error), e.g. an expired or reused e-mail link (`?error=Verification`). */
export default async function SignInErrorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).error;
  const { title, message } = signInErrorText(Array.isArray(raw) ? raw[0] : raw);
  return (
    <div className="space-y-6">
      <PageHeader eyebrow="Sign in" title={title} />
      <div role="alert" className="max-w-md space-y-4 rounded-lg border border-line bg-surface p-5">
        <p className="text-fg">{message}</p>
        <Link href="/signin" className="inline-flex rounded-md bg-accent px-4 py-2 text-sm font-semibold text-surface hover:bg-accent-strong">
          Back to sign-in
        </Link>
      </div>
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";

export const metadata: Metadata = { title: "Check your e-mail" };

/** Where Auth.js sends the browser after mailing a sign-in link (pages.verifyRequest). */
export default function CheckEmailPage() {
  return (
    <div className="space-y-6">
      <PageHeader eyebrow="Sign in" title="Check your e-mail" />
      <div role="status" className="max-w-md space-y-3 rounded-lg border border-line bg-surface p-5">
        <p className="text-fg">We sent you a sign-in link. Open it in this browser to finish signing in.</p>
        <p className="text-sm text-fg-muted">
          The link works once and for 24 hours. Nothing arrived after a few minutes? Check your spam folder, or{" "}
          <Link href="/signin" className="font-medium text-accent hover:underline">
            request a new link
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

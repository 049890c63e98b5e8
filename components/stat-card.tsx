"use client";

import Link from "next/link";
import type { ReactNode } from "react";

interface StatCardProps {
  label: string;
  /** already formatted: "2,310", "0.532", "12 systems" */
  value: ReactNode;
  /** one short line under the value */
  hint?: ReactNode;
  /** makes the whole card a link */
  href?: string;
}

/** A client component only so a page ships its four props, not its elements again in the flight payload beside the markup. */
export function StatCard({ label, value, hint, href }: StatCardProps) {
  const body = (
    <>
      <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="num mt-1 text-2xl font-semibold tracking-tight text-fg">{value}</dd>
      {hint ? <dd className="mt-1 text-[0.8125rem] leading-snug text-fg-muted">{hint}</dd> : null}
    </>
  );
  const frame = "rounded-lg border border-line bg-surface p-4";
  if (href) {
    return (
      <Link href={href} className={`${frame} block transition-colors hover:border-line-strong hover:bg-surface-hover`}>
        <dl>{body}</dl>
      </Link>
    );
  }
  return <dl className={frame}>{body}</dl>;
}

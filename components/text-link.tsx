import Link from "next/link";
import type { ReactNode } from "react";

const LOOK = "text-accent underline underline-offset-2";

/** A link in running text, in the pages' accent style, through next/link. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={LOOK}>
      {children}
    </Link>
  );
}

/** The same look on a plain <a>, where the page means a full load (files, API answers, the browser's own request). */
export function TextAnchor({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className={LOOK}>
      {children}
    </a>
  );
}

"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { signOutAction } from "@/lib/auth/sign-out-action";
import { useDismiss } from "./use-dismiss";

type SessionInfo = { email: string | null; role: "user" | "admin" } | null;

/**
 * The header's account control: "Sign in" for visitors, the account's address and a small menu (account,
 * submissions, sign out) for signed-in users.
 * It asks /api/auth/session from the browser rather than reading the session in the layout, so every page
 * stays cacheable and identical for all visitors; it asks again after each navigation, since signing in or
 * out ends in one.
 */
export function AccountMenu() {
  const pathname = usePathname() ?? "/";
  const [session, setSession] = useState<SessionInfo | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  // a navigation closes the menu (during render, React's pattern for state that follows a prop)
  const [menuPath, setMenuPath] = useState(pathname);
  if (pathname !== menuPath) {
    setMenuPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    let cancelled = false;
    fetch("/api/auth/session", { cache: "no-store", credentials: "same-origin" })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => {
        if (!cancelled) setSession(sessionInfoOf(body));
      })
      .catch(() => {
        if (!cancelled) setSession(null);
      });
    return () => {
      cancelled = true;
    };
  }, [pathname]);

  useDismiss(rootRef, open, (escape) => {
    setOpen(false);
    if (escape) rootRef.current?.querySelector<HTMLButtonElement>("button[aria-expanded]")?.focus();
  });

  if (session === undefined) return <span aria-hidden="true" className="inline-block h-8 w-16" />;
  if (session === null) {
    const back = pathname.startsWith("/signin") ? "" : `?callbackUrl=${encodeURIComponent(pathname)}`;
    return (
      <Link
        href={`/signin${back}`}
        className="inline-flex h-8 items-center rounded-md border border-line-strong px-3 text-sm font-medium whitespace-nowrap text-fg hover:bg-surface-hover"
      >
        Sign in
      </Link>
    );
  }
  const label = session.email ?? "Account";
  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        title={label}
        // narrow enough that the main nav keeps its last item ("API") in view at 1280 px with a long e-mail address
        // (a wider button squeezed the nav, which then scrolled "API" out of sight); the whole address is in the title
        className="inline-flex h-8 max-w-44 items-center gap-2 rounded-md border border-line-strong px-2 text-sm font-medium text-fg hover:bg-surface-hover"
      >
        <span aria-hidden="true" className="grid size-5 shrink-0 place-items-center rounded-full bg-accent text-[0.6875rem] font-semibold text-surface uppercase">
          {label.slice(0, 1)}
        </span>
        <span className="sr-only">Account menu for {label}</span>
        <span aria-hidden="true" className="hidden truncate sm:inline">
          {label}
        </span>
        <svg aria-hidden="true" width="10" height="10" viewBox="0 0 10 10" className="shrink-0 text-fg-muted">
          <path d="M1.5 3.5 5 7l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <div id={panelId} hidden={!open} className="absolute right-0 z-40 mt-2 w-64 rounded-lg border border-line bg-surface p-1 shadow-lg shadow-black/10">
        <p className="truncate border-b border-line px-3 pt-2 pb-2 text-[0.8125rem] text-fg-muted">
          Signed in as <span className="font-medium text-fg">{label}</span>
          {session.role === "admin" ? <span className="ml-1.5 rounded-full border border-line px-1.5 text-[0.6875rem]">admin</span> : null}
        </p>
        <ul className="py-1">
          <li>
            <Link href="/account" className="block rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-hover">
              Account and API tokens
            </Link>
          </li>
          <li>
            <Link href="/account#submissions" className="block rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-hover">
              Your submissions
            </Link>
          </li>
        </ul>
        <form action={signOutAction} className="border-t border-line pt-1">
          <button type="submit" className="block w-full rounded-md px-3 py-2 text-left text-sm text-fg hover:bg-surface-hover">
            Sign out
          </button>
        </form>
      </div>
    </div>
  );
}

function sessionInfoOf(body: unknown): SessionInfo {
  if (!body || typeof body !== "object" || !("user" in body)) return null;
  const user = (body as { user: unknown }).user;
  if (!user || typeof user !== "object") return null;
  const { email, role } = user as { email?: unknown; role?: unknown };
  return { email: typeof email === "string" ? email : null, role: role === "admin" ? "admin" : "user" };
}

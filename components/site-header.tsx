"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { AccountMenu } from "./account-menu";
import type { NavBenchmark } from "@/lib/benchmarks/types-navigation";
import { SITE } from "@/lib/platform/site";
import { isCurrentPath, navItemsFor } from "./site-nav";
import { ThemeToggle } from "./theme-toggle";

/** `navigation`: each hosted benchmark's nav links (plain data from lib/benchmarks/navigation.ts): its pages show its own */
export function SiteHeader({ navigation }: { navigation: { root: NavBenchmark; others: readonly NavBenchmark[] } }) {
  const path = usePathname() ?? "/";
  const items = navItemsFor(path, navigation.root, navigation.others);
  const navRef = useRef<HTMLElement>(null);

  // On phones the nav is a horizontal scroller: bring the current item into view (e.g. "API", the last one).
  // Only the nav's own scrollLeft moves, never the page.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    const left = current.offsetLeft - nav.offsetLeft;
    const right = left + current.offsetWidth;
    if (left < nav.scrollLeft || right > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = Math.max(0, right - nav.clientWidth + 16);
    }
  }, [path]);
  return (
    <header className="border-b border-line bg-surface">
      <a
        href="#main"
        className="sr-only rounded bg-accent px-3 py-2 text-sm font-medium text-surface focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-4 pt-3 sm:px-6 md:flex-nowrap md:py-0 lg:px-8">
        {/* No aria-label: the accessible name must contain the visible words (WCAG 2.5.3, axe label-content-name-mismatch). */}
        <Link href="/" className="flex shrink-0 items-baseline gap-2 rounded py-1 md:py-4">
          <LogoMark />
          <span className="text-base font-semibold tracking-tight text-fg">{SITE.shortName}</span>{" "}
          <span className="hidden text-sm text-fg-muted min-[420px]:inline">{SITE.suffix}</span>
          <span className="sr-only">, home</span>
        </Link>
        <nav
          ref={navRef}
          aria-label="Main"
          className="order-last -mx-4 w-[calc(100%+2rem)] overflow-x-auto px-4 sm:-mx-6 sm:w-[calc(100%+3rem)] sm:px-6 md:order-none md:mx-0 md:w-auto md:min-w-0 md:flex-1 md:px-0"
        >
          <ul className="flex items-center gap-1 whitespace-nowrap">
            {items.map((item) => {
              const current = isCurrentPath(path, item.href, item.exact);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    title={item.title}
                    aria-current={current ? "page" : undefined}
                    // the look from app/globals.css .nav-link (current item: aria-current), not a class string on each link
                    className="nav-link"
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-2 md:ml-0">
          <ThemeToggle />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}

/** A small abstract peak: the "Alps" of the site's name. Decorative. */
function LogoMark() {
  return (
    <svg aria-hidden="true" width="22" height="16" viewBox="0 0 22 16" className="self-center text-accent">
      <path d="M1 15 L7.5 4 L11 9.5 L14 5 L21 15 Z" fill="currentColor" opacity="0.9" />
      <path d="M7.5 4 L9.3 7 L8.2 6.4 L7.1 7.3 L6.1 6.4 Z" fill="var(--color-surface)" opacity="0.9" />
    </svg>
  );
}

import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { ImportBanner } from "@/components/import-banner";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { ThemeScript } from "@/components/theme-script";
import { hostedBenchmarks, ROOT_BENCHMARK } from "@/lib/benchmarks";
import { siteNavigation } from "@/lib/benchmarks/navigation";
import { SITE } from "@/lib/platform/site";
import { interLatin } from "./inter-font";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: SITE.name, template: `%s · ${SITE.name}` },
  description: SITE.description,
  openGraph: { siteName: SITE.name, description: SITE.description, type: "website" },
};

/** The attributions of the benchmarks other than the one at "/" (whose credit is the site's own footer) for their pages (only what it shows: it is sent with every page). */
const FOOTER_CREDITS = hostedBenchmarks()
  .filter((b) => b !== ROOT_BENCHMARK)
  .map(({ id, title, credit: { citation, dataLicence, codeLicence, url } }) => ({ id, title, citation, dataLicence, codeLicence, url }));

export default async function RootLayout({ children }: { children: ReactNode }) {
  // proxy.ts's per-request CSP nonce: the theme script runs before hydration, so it needs it too.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" className={interLatin.variable} suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
      </head>
      <body className="min-h-screen bg-canvas font-sans text-fg antialiased">
        <ImportBanner />
        <SiteHeader navigation={siteNavigation()} />
        <main id="main" className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
          {children}
        </main>
        <SiteFooter credits={FOOTER_CREDITS} />
      </body>
    </html>
  );
}

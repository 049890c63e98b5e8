"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { type FooterCredit, footerBenchmarkFor, LICENCE_URLS } from "./footer-benchmark";
import { TextAnchor } from "@/components/text-link";

const LINKS = {
  repo: "https://github.com/ThisIsCosine/AlpsBench",
  dataset: "https://huggingface.co/datasets/Cosineyx/Alpsbench",
  license: "https://opendatacommons.org/licenses/by/1-0/",
} as const;

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent" rel="noopener noreferrer">
      {children}
    </a>
  );
}

interface SiteFooterProps {
  /** the hosted modules' attributions (plain data from lib/benchmarks), for their own pages */
  credits?: readonly FooterCredit[];
}

/**
 * Attribution required by the benchmark and dataset licences: keep it on every page. A module's pages
 * (/benchmarks/<id>) credit that module's authors and licences instead of AlpsBench's (WildChat, ODC-BY).
 */
export function SiteFooter({ credits = [] }: SiteFooterProps) {
  const hosted = footerBenchmarkFor(usePathname() ?? "/", credits);
  if (hosted) return <ModuleFooter credit={hosted} />;
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 text-sm leading-relaxed text-fg-muted sm:px-6 md:grid-cols-[2fr_1fr] lg:px-8">
        <div className="space-y-2">
          <p>
            Benchmark:{" "}
            <cite className="text-fg not-italic">AlpsBench: An LLM Personalization Benchmark for Real-Dialogue Memorization and Preference Alignment</cite> (Xiao et
            al.).
          </p>
          <p>
            Data derived from WildChat (Zhao et al., ICLR 2024), licensed under the{" "}
            <ExternalLink href={LINKS.license}>Open Data Commons Attribution License (ODC-BY 1.0)</ExternalLink>.
          </p>
          <p>
            Figures marked &ldquo;reported&rdquo; are copied from the authors&rsquo; publications; all other figures are computed by this leaderboard from uploaded
            predictions.
          </p>
        </div>
        <nav aria-label="Benchmark resources">
          <ul className="space-y-2">
            <li>
              <ExternalLink href={LINKS.repo}>AlpsBench on GitHub</ExternalLink>
            </li>
            <li>
              <ExternalLink href={LINKS.dataset}>Dataset on Hugging Face</ExternalLink>
            </li>
            <li>
              <ExternalLink href={LINKS.license}>ODC-BY 1.0 licence</ExternalLink>
            </li>
            <li>
              <TextAnchor href="/audit">Moderation log</TextAnchor>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

function Licence({ id }: { id: string }) {
  const url = LICENCE_URLS[id];
  return url ? <ExternalLink href={url}>{id}</ExternalLink> : <>{id}</>;
}

/** A hosted module's footer: its citation, data and code licences, where its data lives. */
function ModuleFooter({ credit }: { credit: FooterCredit }) {
  return (
    <footer className="mt-16 border-t border-line bg-surface" data-footer-benchmark={credit.id}>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 text-sm leading-relaxed text-fg-muted sm:px-6 md:grid-cols-[2fr_1fr] lg:px-8">
        <div className="space-y-2">
          <p>
            Benchmark: <cite className="text-fg not-italic">{credit.citation}</cite>.
          </p>
          <p>
            Data licensed under <Licence id={credit.dataLicence} />; the authors&rsquo; code under <Licence id={credit.codeLicence} />.
          </p>
          <p>
            Figures marked &ldquo;reported&rdquo; are copied from the authors&rsquo; publications; all other figures are computed by this leaderboard from uploaded
            predictions.
          </p>
        </div>
        <nav aria-label="Benchmark resources">
          <ul className="space-y-2">
            <li>
              <ExternalLink href={credit.url}>{credit.title} data</ExternalLink>
            </li>
            <li>
              <TextAnchor href="/audit">Moderation log</TextAnchor>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

import type { Metadata } from "next";
import { Fragment } from "react";
import { db } from "@/lib/db/client";
import { PageHeader } from "@/components/page-header";
import { benchmarkHome, hostedBenchmarks } from "@/lib/benchmarks";
import { aboutParts } from "@/lib/benchmarks/about-parts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "About the benchmark" };

// short classes of app/globals.css, as lib/benchmarks/alpsbench/ui/about/about-section.tsx uses
const h2 = "about-h2";
const p = "about-p";

/**
 * About: each hosted benchmark's own part (its `about` hook: tasks, metrics, rules, the data this server holds),
 * the benchmark at "/" first, whose opening paragraph leads the page; then every benchmark's credit and licence.
 */
export default async function AboutPage() {
  const benchmarks = hostedBenchmarks();
  const { lead, parts } = await aboutParts(db());
  return (
    <article>
      <PageHeader eyebrow="About" title="About the benchmark" description={lead} />
      {/* the contents first: the ranking rules are thousands of pixels down a long page, more on a phone */}
      <nav aria-labelledby="about-contents" className="mt-6 max-w-3xl rounded-lg border border-line bg-surface p-4 text-sm" data-testid="about-contents">
        <h2 id="about-contents" className="font-semibold text-fg">
          On this page
        </h2>
        {parts
          .filter((part) => part.contents.length > 0)
          .map((part) => (
            <Fragment key={part.benchmark}>
              {parts.length > 1 ? <p className="mt-3 font-medium text-fg">{part.title}</p> : null}
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {part.contents.map((entry) => (
                  <li key={entry.id}>
                    <a className="text-accent underline underline-offset-2" href={`#${entry.id}`}>
                      {entry.title}
                    </a>
                  </li>
                ))}
              </ul>
            </Fragment>
          ))}
        <ul className="mt-2 list-disc pl-5">
          <li>
            <a className="text-accent underline underline-offset-2" href="#about-credit">
              Credit and licence
            </a>
          </li>
        </ul>
      </nav>
      {parts.map((part) => (
        <Fragment key={part.benchmark}>{part.body}</Fragment>
      ))}

      <section aria-labelledby="about-credit">
        <h2 id="about-credit" className={h2}>
          Credit and licence
        </h2>
        {benchmarks.map((b) => (
          <p key={b.id} className={p} id={`about-${b.id}`}>
            <a className="font-medium text-fg underline" href={benchmarkHome(b)}>
              {b.title}
            </a>
            : {b.credit.citation}. Data licence: {b.credit.dataLicence}; code licence: {b.credit.codeLicence}. Source:{" "}
            <a className="underline" href={b.credit.url}>
              {b.credit.url}
            </a>
            .{b.credit.note ? ` ${b.credit.note}` : ""}
          </p>
        ))}
      </section>
    </article>
  );
}

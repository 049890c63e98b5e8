import type { Metadata } from "next";
import { Fragment } from "react";
import { db } from "@/lib/db/client";
import { PageHeader } from "@/components/page-header";
import { benchmarkHome, hostedBenchmarks } from "@/lib/benchmarks";
import { aboutParts } from "@/lib/benchmarks/about-parts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "About the benchmark" };

const h2 = "mt-10 text-xl font-semibold text-fg";
const p = "mt-3 max-w-3xl text-fg-muted leading-relaxed";

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

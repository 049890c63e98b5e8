import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { ROOT_BENCHMARK } from "@/lib/benchmarks";
import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import { cliCommand } from "@/lib/platform/site";
import { apiRoutes } from "../api/v1/_lib/api-routes";
import { ApiRouteIndex } from "./api-route-docs";
import { BenchmarkModulesDocs } from "./benchmark-modules";
import { code } from "./row-format-docs";

export const metadata: Metadata = { title: "API" };

/**
 * /api-docs: the API declaration's routes listed by group (each group's page, /api-docs/<group>, renders its routes'
 * parameters, bodies and answers from their zod schemas, the same declaration GET /api/v1/openapi.json publishes),
 * then each hosted benchmark's own part from the registry.
 */
export default async function ApiDocsPage() {
  // the benchmark at "/" answers the short read URLs; its examples and its own contract come from its declaration
  const root = ROOT_BENCHMARK;
  const examples = root.apiDocs ?? { exampleQuery: `${capabilitiesOf(root).rootViewSlugs[0] ?? ""}?format=csv`, exampleTracks: { curl: "<track>", cli: "<track>" } };
  const contract = await root.apiDocs?.contract?.();
  return (
    // a long path or query (`/api/v1/submissions/{id}/breakdown?level=…`) is one unbreakable word: wrapping it
    // anywhere keeps a 390 px phone from scrolling the whole page sideways
    <article className="space-y-8 [overflow-wrap:anywhere]">
      <PageHeader
        eyebrow="API"
        title="HTTP API"
        description="Every table on this site is available as JSON and CSV, exactly as filtered and sorted on the page, and predictions upload for scoring on the server. No key is needed to read public data."
      />
      <section className="space-y-3" aria-labelledby="api-start">
        <h2 id="api-start" className="text-xl font-semibold">
          Getting started
        </h2>
        <p className="text-fg-muted">
          Every route below is listed from the schemas it parses with, its parameters, body and answers on its group&apos;s page; the same list is an OpenAPI 3.1
          document at{" "}
          <a href="/api/v1/openapi.json" className="text-accent underline underline-offset-2">
            /api/v1/openapi.json
          </a>{" "}
          for client generators. Errors answer <code>{"{ error: { code, message, … } }"}</code> naming the parameter, field, file or line; an unknown parameter is a
          400.
        </p>
        <code className={code}>{`curl -s "$SITE/api/v1/leaderboards/${examples.exampleQuery}"`}</code>
        <p className="text-fg-muted">
          To upload, create a token with <code>{cliCommand("token create --email you@example.org")}</code> or on your account page (shown once, stored hashed), then
          send one prediction file per track, or a whole run:
        </p>
        <code className={code}>
          {`curl -H "Authorization: Bearer $TOKEN" -F task=${examples.exampleTracks.curl} -F model="My model" -F split=dev -F file=@predictions.jsonl $SITE/api/v1/submissions`}
        </code>
        <p className="text-fg-muted">
          From the command line:{" "}
          <code>{cliCommand(`submit --server $SITE --token $TOKEN --task ${examples.exampleTracks.cli} --file p.jsonl --model "My model" --wait`)}</code>.
        </p>
      </section>
      <ApiRouteIndex routes={apiRoutes()} />
      {contract ? (
        <section className="space-y-3" aria-labelledby={`api-${root.id}`}>
          <h2 id={`api-${root.id}`} className="text-xl font-semibold">
            {root.title}
          </h2>
          {contract}
        </section>
      ) : null}
      <BenchmarkModulesDocs />
    </article>
  );
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/page-header";
import { apiRoutes } from "../../api/v1/_lib/api-routes";
import { ApiRouteDocs, apiGroups } from "../api-route-docs";
import { TextLink } from "@/components/text-link";

type Params = { params: Promise<{ group: string }> };

const groupOf = (slug: string) => apiGroups(apiRoutes()).find((g) => g.slug === slug) ?? null;

export function generateStaticParams() {
  return apiGroups(apiRoutes()).map(({ slug }) => ({ group: slug }));
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const found = groupOf((await params).group);
  return { title: found ? `API: ${found.group}` : "API" };
}

/** /api-docs/<group>: one group of the API declaration in full, every route's tables from its zod schemas. */
export default async function ApiGroupDocsPage({ params }: Params) {
  const found = groupOf((await params).group);
  if (!found) notFound();
  return (
    <article className="space-y-8 [overflow-wrap:anywhere]">
      <PageHeader
        eyebrow="API"
        title={found.group}
        description={
          <>
            Parameters, bodies, who may call each route and its answers, from the schemas it parses with. Every group is listed on{" "}
            <TextLink href="/api-docs">/api-docs</TextLink>.
          </>
        }
      />
      <ApiRouteDocs routes={apiRoutes().filter((r) => r.group === found.group)} />
    </article>
  );
}

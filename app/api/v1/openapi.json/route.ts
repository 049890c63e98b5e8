import { NextResponse } from "next/server";
import { openApiDocument } from "@/lib/api-spec/openapi-document";
import { withErrors } from "@/lib/http/error-response";
import { SITE } from "@/lib/platform/site";
import { apiRoutes } from "../_lib/api-routes";

// read from the registry at run time, like /api-docs (a benchmark's parameters are its declaration's)
export const dynamic = "force-dynamic";

let built: { routes: ReturnType<typeof apiRoutes>; document: ReturnType<typeof openApiDocument> } | null = null;

/**
 * GET /api/v1/openapi.json: the API declaration (app/api/v1/_lib/api-routes.ts) as an OpenAPI 3.1 document, built
 * again only when the route list is (building it, JSON Schema of every zod schema, took 23.5 ms of CPU: a public
 * route 16 clients could keep a core busy with).
 */
export const GET = withErrors("GET /api/v1/openapi.json", async () => {
  const routes = apiRoutes();
  if (built?.routes !== routes) {
    built = {
      routes,
      document: openApiDocument(routes, {
        title: `${SITE.name} API`,
        version: "1",
        description: `The HTTP API of ${SITE.name}: every table as JSON and CSV, uploads scored on the server. No key is needed to read public data.`,
      }),
    };
  }
  return NextResponse.json(built.document, { headers: { "cache-control": "public, max-age=300" } });
});

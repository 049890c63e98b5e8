import { NextResponse } from "next/server";
import { openApiDocument } from "@/lib/api-spec/openapi-document";
import { SITE } from "@/lib/platform/site";
import { apiRoutes } from "../_lib/api-routes";

// read from the registry on each request, like /api-docs (a benchmark's parameters are its declaration's)
export const dynamic = "force-dynamic";

/** GET /api/v1/openapi.json: the API declaration (app/api/v1/_lib/api-routes.ts) as an OpenAPI 3.1 document. */
export function GET() {
  const document = openApiDocument(apiRoutes(), {
    title: `${SITE.name} API`,
    version: "1",
    description: `The HTTP API of ${SITE.name}: every table as JSON and CSV, uploads scored on the server. No key is needed to read public data.`,
  });
  return NextResponse.json(document, { headers: { "cache-control": "public, max-age=300" } });
}

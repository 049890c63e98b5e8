import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import type { ApiRoute } from "@/lib/api-spec/api-route";
import { registerBenchmark } from "@/lib/benchmarks";
import { thirdBenchmark } from "@/tests/fixtures/third-benchmark";
import { apiRoutes } from "../api/v1/_lib/api-routes";
import { UploadFieldsObject } from "../api/v1/submissions/_lib/upload-fields";
import { ApiRouteDocs, ApiRouteIndex, apiGroups } from "./api-route-docs";

const render = (routes: readonly ApiRoute[]) => renderToStaticMarkup(createElement(ApiRouteDocs, { routes }));

describe("/api-docs renders the API declaration", () => {
  test("a field added to a route's zod schema shows up, with its description, default and answer fields", () => {
    const route: ApiRoute = {
      method: "GET",
      path: "/api/v1/toy/{id}",
      group: "Toys",
      summary: "A toy route",
      auth: { kind: "optional", scopes: ["read"] },
      pathParams: z.object({ id: z.string() }),
      query: z.object({ zebra_stripes: z.enum(["few", "many"]).default("many").describe("How striped the `zebra` is.") }),
      answers: [{ status: 200, description: "The toy.", schema: z.object({ toy_answer_field: z.string() }) }],
    };
    const html = render([route]);
    expect(html).toContain("zebra_stripes");
    expect(html).toContain("few | many");
    expect(html).toContain("How striped the <code>zebra</code> is.");
    expect(html).toContain("toy_answer_field");
    expect(html).toContain('data-api-route="GET /api/v1/toy/{id}"');
  });

  test("every upload field of the schema the upload route parses with", () => {
    const html = render(apiRoutes());
    for (const field of Object.keys(UploadFieldsObject.shape)) expect(html, field).toContain(`>${field}<`);
  });

  test("the declaration is built once per set of hosted benchmarks: a registered one gives a new list naming it", () => {
    const before = apiRoutes();
    expect(apiRoutes()).toBe(before);
    const unregister = registerBenchmark(thirdBenchmark("docs-memo-test"));
    try {
      const during = apiRoutes();
      expect(during).not.toBe(before);
      expect(JSON.stringify(during)).toContain("docs-memo-test");
    } finally {
      unregister();
    }
    expect(apiRoutes()).not.toBe(before);
  });

  test("/api-docs lists every route, linking to its group's page, where its tables are", () => {
    const routes = apiRoutes();
    const index = renderToStaticMarkup(createElement(ApiRouteIndex, { routes }));
    for (const route of routes) expect(index).toContain(`data-api-route="${route.method} ${route.path}"`);
    for (const { slug } of apiGroups(routes)) expect(index).toContain(`href="/api-docs/${slug}"`);
    // the index holds no field table: those are on the group pages
    expect(index).not.toContain("<table");
  });
});

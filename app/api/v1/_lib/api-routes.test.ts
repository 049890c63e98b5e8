import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { routeName } from "@/lib/api-spec/api-route";
import { openApiDocument, type OpenApiDocument } from "@/lib/api-spec/openapi-document";
import { hostedBenchmarks } from "@/lib/benchmarks";
import { GET as openApiRoute } from "../openapi.json/route";
import { apiRoutes } from "./api-routes";

const V1 = path.resolve(import.meta.dirname, "..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** "GET /api/v1/submissions/{}" for every handler a route file under app/api/v1 exports (path parameters unnamed). */
function routeFileHandlers(): string[] {
  const files = readdirSync(V1, { recursive: true, encoding: "utf8" }).filter((file) => path.basename(file) === "route.ts");
  return files.flatMap((file) => {
    const dir = path.dirname(file) === "." ? "" : `/${path.dirname(file).split(path.sep).join("/")}`;
    const urlPath = `/api/v1${dir}`.replace(/\[[^\]]+\]/g, "{}");
    const text = readFileSync(path.join(V1, file), "utf8");
    const exported = [...text.matchAll(/export\s+(?:async\s+)?(?:const|function)\s+([A-Z]+)\b/g)].map((m) => m[1]!).filter((name) => METHODS.includes(name));
    return exported.map((method) => `${method} ${urlPath}`);
  });
}

const unnamed = (name: string) => name.replace(/\{[^}]+\}/g, "{}");

function document(): OpenApiDocument {
  return openApiDocument(apiRoutes(), { title: "t", version: "1", description: "d" });
}

describe("the API declaration (app/api/v1/_lib/api-routes.ts)", () => {
  test("declares every handler of every route file under app/api/v1, and nothing else", () => {
    const declared = apiRoutes().map((r) => unnamed(routeName(r)));
    expect(new Set(declared).size, "a route declared twice").toBe(declared.length);
    expect([...declared].sort()).toEqual(routeFileHandlers().sort());
  });

  test("GET /api/v1/openapi.json is a structurally sound OpenAPI 3.1 document of every declared route", async () => {
    const doc = (await (await openApiRoute(new Request("http://localhost/api/v1/openapi.json"), {})).json()) as OpenApiDocument;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).not.toBe("");
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const operationIds = new Set<string>();
    for (const route of apiRoutes()) {
      const operation = doc.paths[route.path]?.[route.method.toLowerCase() as "get"];
      expect(operation, routeName(route)).toBeDefined();
      expect(operationIds.has(operation!.operationId), operation!.operationId).toBe(false);
      operationIds.add(operation!.operationId);
      expect(Object.keys(operation!.responses).length, routeName(route)).toBeGreaterThan(0);
      // every {name} of the path template is a required path parameter, and no other
      const templated = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const pathParams = (operation!.parameters ?? []).filter((p) => p.in === "path");
      expect(pathParams.map((p) => p.name).sort(), routeName(route)).toEqual(templated);
      for (const p of pathParams) expect(p.required).toBe(true);
      // every schema in it is a JSON Schema (2020-12, OpenAPI 3.1's dialect)
      const schemas = [
        ...(operation!.parameters ?? []).map((p) => p.schema),
        ...Object.values(operation!.requestBody?.content ?? {}).map((c) => c.schema),
        ...Object.values(operation!.responses).flatMap((r) => Object.values(r.content ?? {}).map((c) => c.schema)),
      ];
      for (const schema of schemas) expect(() => ajv.compile(schema), routeName(route)).not.toThrow();
    }
    expect(Object.keys(doc.paths).length).toBe(new Set(apiRoutes().map((r) => r.path)).size);
  });

  test("an upload's fields and answers are the schemas' own", () => {
    const upload = document().paths["/api/v1/submissions"]!.post!;
    const multipart = upload.requestBody!.content["multipart/form-data"]!.schema;
    expect(Object.keys(multipart.properties ?? {})).toEqual(
      expect.arrayContaining(["task", "model", "split", "benchmark", "visibility", "publish_predictions", "file"]),
    );
    // `task` is optional: without it the upload is a run
    expect(multipart.required).toEqual(["model"]);
    expect(upload.security).toEqual([{ bearer: ["submit"] }, { session: [] }]);
    expect(upload.responses["202"]!.content!["application/json"]!.schema.oneOf).toHaveLength(2);
    expect(upload.parameters!.find((p) => p.name === "Idempotency-Key")).toMatchObject({ in: "header", required: false });
  });

  test("a benchmark's own parameters come from its declaration in the registry", () => {
    const breakdown = document().paths["/api/v1/submissions/{id}/breakdown"]!.get!;
    const names = (breakdown.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
    const declared = hostedBenchmarks().flatMap((b) => {
      const query = b.submissionReads?.breakdown?.query;
      return query && "shape" in query ? Object.keys(query.shape as object) : [];
    });
    expect(declared.length).toBeGreaterThan(0);
    expect(names.sort()).toEqual([...new Set(declared)].sort());
  });
});

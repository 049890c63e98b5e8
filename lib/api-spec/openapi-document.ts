import { routeName, type ApiAnswer, type ApiAuth, type ApiBody, type ApiRoute } from "./api-route";
import { jsonSchemaOf, type JsonSchema } from "./schema-fields";

/*
 * The API declaration as an OpenAPI 3.1 document (GET /api/v1/openapi.json): every route's parameters, bodies and
 * answers are the JSON Schema of the zod schemas it declares, so a client generator reads the same contract the
 * routes parse with and /api-docs shows.
 */

type Parameter = { name: string; in: "path" | "query" | "header"; required: boolean; description?: string; schema: JsonSchema };
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: true; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
};
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Partial<Record<"get" | "post" | "patch" | "delete", Operation>>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
};

const SECURITY_SCHEMES = {
  bearer: { type: "http", scheme: "bearer", description: "An API token (`abk_…`), created on /account; its scopes are listed per route." },
  session: { type: "apiKey", in: "cookie", name: "authjs.session-token", description: "A signed-in session, for requests from the site's own pages." },
};

function security(auth: ApiAuth): Record<string, string[]>[] | undefined {
  if (auth.kind === "public") return undefined;
  const credentials: Record<string, string[]>[] = [{ bearer: [...auth.scopes] }, { session: [] }];
  // an empty requirement: a visitor may call it too
  return auth.kind === "optional" ? [{}, ...credentials] : credentials;
}

/** The properties of an object schema as parameters (OpenAPI has no object-valued query). */
function parameters(schema: JsonSchema, place: Parameter["in"], describe: (text: string) => string = (text) => text): Parameter[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const text = describe(property.description ?? "");
    return {
      name,
      in: place,
      required: place === "path" || (required.has(name) && property.default === undefined),
      ...(text ? { description: text } : {}),
      schema: property,
    };
  });
}

function routeParameters(route: ApiRoute): Parameter[] {
  const out = [
    ...(route.pathParams ? parameters(jsonSchemaOf(route.pathParams, "input"), "path") : []),
    ...(route.query ? parameters(jsonSchemaOf(route.query, "input"), "query") : []),
    ...(route.headers ? parameters(jsonSchemaOf(route.headers, "input"), "header") : []),
  ];
  // a benchmark's own parameters, named with it; one parameter of a name, whoever declares it (OpenAPI's rule)
  for (const part of route.benchmarkQuery?.() ?? []) {
    for (const parameter of parameters(jsonSchemaOf(part.query, "input"), "query", (text) => `${part.title} (\`benchmark=${part.benchmark}\`): ${text}`)) {
      const same = out.find((p) => p.name === parameter.name && p.in === "query");
      if (!same) out.push({ ...parameter, required: false });
      else same.description = [same.description, parameter.description].filter(Boolean).join(" ");
    }
  }
  return out;
}

function requestBody(bodies: readonly ApiBody[]): Operation["requestBody"] {
  const content = Object.fromEntries(
    bodies.map((body) => {
      const schema = jsonSchemaOf(body.schema, "input");
      if (body.fileParts) schema.properties = { ...schema.properties, file: { type: "string", description: body.fileParts } };
      return [body.contentType, { schema: body.note ? { ...schema, description: body.note } : schema }];
    }),
  );
  return { required: true, content };
}

/**
 * One response per status (OpenAPI's rule): two answers of a status (a file's and a run's 202) are one of either
 * shape. The schemas describe the JSON; a CSV or zip of the same answer is left open.
 */
function responses(answers: readonly ApiAnswer[]): Operation["responses"] {
  const out: Operation["responses"] = {};
  for (const status of [...new Set(answers.map((a) => a.status))]) {
    const same = answers.filter((a) => a.status === status);
    const schemas = same.flatMap((a) => (a.schema ? [jsonSchemaOf(a.schema, "output")] : []));
    const types = [...new Set(same.flatMap((a) => (a.contentType ?? (a.schema ? "application/json" : "")).split(",").map((t) => t.trim())))].filter(Boolean);
    const schema = schemas.length === 0 ? {} : schemas.length === 1 ? schemas[0]! : { oneOf: schemas };
    out[String(status)] = {
      description: same.map((a) => a.description).join(" Or: "),
      ...(types.length > 0 ? { content: Object.fromEntries(types.map((t) => [t, { schema: t === "application/json" ? schema : {} }])) } : {}),
    };
  }
  return out;
}

/** "GET /api/v1/submissions/{id}/breakdown" → "get_submissions_id_breakdown": unique per method and path. */
function operationId(route: ApiRoute): string {
  const words = route.path
    .replace(/^\/api\/v1\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words].join("_");
}

export function openApiDocument(routes: readonly ApiRoute[], info: OpenApiDocument["info"]): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const route of routes) {
    const method = route.method.toLowerCase() as "get" | "post" | "patch" | "delete";
    const item = (paths[route.path] ??= {});
    if (item[method]) throw new Error(`${routeName(route)} is declared twice`);
    const params = routeParameters(route);
    const auth = security(route.auth);
    item[method] = {
      operationId: operationId(route),
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.group],
      ...(auth ? { security: auth } : {}),
      ...(params.length > 0 ? { parameters: params } : {}),
      ...(route.body ? { requestBody: requestBody(route.body) } : {}),
      responses: responses(route.answers),
    };
  }
  return {
    openapi: "3.1.0",
    info,
    tags: [...new Set(routes.map((r) => r.group))].map((name) => ({ name })),
    paths,
    components: { securitySchemes: SECURITY_SCHEMES },
  };
}

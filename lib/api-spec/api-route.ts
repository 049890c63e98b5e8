import type { z } from "zod";

/*
 * One route of the HTTP API as data: what it takes (path, query, body), who may call it and what it answers, each
 * shape a zod schema. The declaration (app/api/v1/_lib/api-routes.ts) is written once; /api-docs renders it and
 * GET /api/v1/openapi.json publishes it as OpenAPI 3.1 (openapi-document.ts), so neither can drift from the other.
 */

type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** An object of named parameters or fields (the query, the path, a form's fields): its JSON Schema's properties are documented. */
type FieldsSchema = z.ZodType;

/** Who may call a route. */
export type ApiAuth =
  /** anyone; credentials change nothing */
  | { kind: "public" }
  /** anyone; a session or a token with these scopes also sees what is private to its user (a bad token is a 401) */
  | { kind: "optional"; scopes: readonly string[] }
  /** a session from the site's own pages, or a token with every one of these scopes; `admin`: admins only */
  | { kind: "required"; scopes: readonly string[]; admin?: boolean };

/** A body the route accepts, by media type. */
export interface ApiBody {
  contentType: string;
  schema: FieldsSchema;
  /** a multipart body's file part(s), after the fields: what they hold */
  fileParts?: string;
  /** how the body is read, when its schema does not say (a raw file with its fields in the query string) */
  note?: string;
}

/** One answer: its status, when it is given, and its shape when it has one worth stating. */
export interface ApiAnswer {
  status: number;
  description: string;
  schema?: z.ZodType;
  /** default application/json; the media type(s) of a download */
  contentType?: string;
}

/** Parameters a hosted benchmark adds to a route, from its own declaration (lib/benchmarks). */
export interface BenchmarkParameters {
  benchmark: string;
  title: string;
  query: FieldsSchema;
}

export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI's form: /api/v1/submissions/{id} */
  path: string;
  /** the section of the documentation it is listed under */
  group: string;
  summary: string;
  /** more, with `code` in backticks */
  description?: string;
  auth: ApiAuth;
  pathParams?: FieldsSchema;
  query?: FieldsSchema;
  /** shown on /api-docs instead of the query's table when the query repeats the body's fields (a raw-body upload) */
  queryNote?: string;
  /** request headers it reads (Idempotency-Key, If-None-Match) */
  headers?: FieldsSchema;
  /** the parameters each hosted benchmark adds (read from the registry when the documentation is built) */
  benchmarkQuery?: () => BenchmarkParameters[];
  body?: readonly ApiBody[];
  answers: readonly ApiAnswer[];
}

/** "GET /api/v1/queue": how prose, logs and the documentation's anchors name a route. */
export function routeName(route: Pick<ApiRoute, "method" | "path">): string {
  return `${route.method} ${route.path}`;
}

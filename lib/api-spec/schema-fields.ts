import { z } from "zod";

/** One documented parameter or field of a zod object schema. */
export interface FieldDoc {
  name: string;
  /** accepted values: an enum's members, "list of …", or the JSON-schema type */
  values: string;
  default: string | null;
  required: boolean;
  description: string;
}

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  pattern?: string;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $schema?: string;
};

/**
 * A zod schema as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect): `input` for what a client sends (defaults
 * apply, transforms not yet), `output` for what the server answers. Refinements and transforms have no JSON
 * Schema; they are left open (`{}`) rather than refused, and their rule is in the field's description.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  // the dialect is the enclosing document's (OpenAPI 3.1 declares 2020-12 once)
  delete json.$schema;
  return json;
}

function valuesOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map(String).join(" | ");
  if (schema.const !== undefined) return String(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(valuesOf).join(" | ");
  if (schema.type === "array" && schema.items) return `comma-separated list of ${valuesOf(schema.items)}`;
  if (schema.type === "string" && schema.format === "uri") return "URL";
  if (schema.type === "string" && schema.format === "date") return "date (YYYY-MM-DD)";
  if (schema.type === "string" && schema.maxLength) return `text (≤ ${schema.maxLength} characters)`;
  if (schema.type === "string" && schema.pattern) return `text matching ${schema.pattern}`;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  return schema.type ?? "value";
}

/** The first description on the way down (a field wrapped in optional/default keeps it on either). */
function descriptionOf(schema: JsonSchema): string {
  return schema.description ?? (schema.anyOf ?? schema.oneOf ?? schema.allOf ?? []).map(descriptionOf).find((d) => d !== "") ?? "";
}

/**
 * The fields of an object schema, read from the schema itself (its JSON Schema export), so the API documentation
 * cannot drift from what the endpoints accept or answer.
 */
export function schemaFields(schema: z.ZodType, io: "input" | "output" = "input"): FieldDoc[] {
  // kept per schema object: /api-docs renders the same (memoised) route schemas on every request
  const cached = fieldsCache[io].get(schema);
  if (cached) return cached;
  const fields = readFields(schema, io);
  fieldsCache[io].set(schema, fields);
  return fields;
}

const fieldsCache = { input: new WeakMap<z.ZodType, FieldDoc[]>(), output: new WeakMap<z.ZodType, FieldDoc[]>() };

function readFields(schema: z.ZodType, io: "input" | "output"): FieldDoc[] {
  const json = jsonSchemaOf(schema, io);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    values: valuesOf(property),
    default: property.default === undefined || (Array.isArray(property.default) && property.default.length === 0) ? null : String(property.default),
    // a field with a default is never required of the client
    required: required.has(name) && property.default === undefined,
    description: descriptionOf(property),
  }));
}

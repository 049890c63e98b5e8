import { ColumnHeads } from "@/components/column-heads";
import type { ApiAnswer, ApiAuth, ApiBody, ApiRoute } from "@/lib/api-spec/api-route";
import { routeName } from "@/lib/api-spec/api-route";
import { schemaFields, type FieldDoc } from "@/lib/api-spec/schema-fields";

/**
 * The API declaration (app/api/v1/_lib/api-routes.ts) as documentation: per route its parameters, body, who may call
 * it and its answers, every table read from the route's zod schemas. Nothing here names a route or a field.
 */
export function ApiRouteDocs({ routes }: { routes: readonly ApiRoute[] }) {
  const groups = [...new Set(routes.map((r) => r.group))];
  return groups.map((group) => (
    <section key={group} className="space-y-6" aria-labelledby={`api-group-${slug(group)}`}>
      <h2 id={`api-group-${slug(group)}`} className="text-xl font-semibold">
        {group}
      </h2>
      {routes
        .filter((r) => r.group === group)
        .map((route) => (
          <RouteDocs key={routeName(route)} route={route} />
        ))}
    </section>
  ));
}

function RouteDocs({ route }: { route: ApiRoute }) {
  const name = routeName(route);
  const id = `route-${slug(name)}`;
  return (
    <section className="space-y-3 border-t border-line pt-4" aria-labelledby={id} data-api-route={name}>
      <h3 id={id} className="font-mono text-base font-semibold">
        <span className="mr-2 rounded bg-surface-muted px-1.5 py-0.5 text-xs text-accent">{route.method}</span>
        {route.path}
      </h3>
      <p>{withCode(route.summary)}</p>
      {route.description ? <p className="text-fg-muted">{withCode(route.description)}</p> : null}
      <p className="text-sm text-fg-muted">
        <span className="font-medium text-fg">Who may call it: </span>
        {authText(route.auth)}
      </p>
      {route.pathParams ? <FieldTable label={`Path parameters of ${name}`} fields={schemaFields(route.pathParams)} /> : null}
      {route.query && route.queryNote ? <p className="text-sm text-fg-muted">{withCode(`Query parameters: ${route.queryNote}`)}</p> : null}
      {route.query && !route.queryNote ? <FieldTable label={`Query parameters of ${name}`} fields={schemaFields(route.query)} /> : null}
      {(route.benchmarkQuery?.() ?? []).map((part) => (
        <div key={part.benchmark} className="space-y-2">
          <p className="text-sm text-fg-muted">
            <span className="font-medium text-fg">{part.title}</span>&apos;s parameters (<code>benchmark={part.benchmark}</code>), from its declaration:
          </p>
          <FieldTable label={`Query parameters of ${name} for ${part.title}`} fields={schemaFields(part.query)} />
        </div>
      ))}
      {route.headers ? <FieldTable label={`Request headers of ${name}`} fields={schemaFields(route.headers)} /> : null}
      {(route.body ?? []).map((body) => (
        <BodyDocs key={body.contentType} name={name} body={body} />
      ))}
      <AnswersDocs answers={route.answers} />
    </section>
  );
}

function BodyDocs({ name, body }: { name: string; body: ApiBody }) {
  const fields = schemaFields(body.schema);
  return (
    <div className="space-y-2">
      <p className="text-sm text-fg-muted">
        <span className="font-medium text-fg">Body</span> (<code>{body.contentType}</code>){body.note ? <>: {withCode(body.note)}</> : null}
      </p>
      {fields.length > 0 ? <FieldTable label={`Body fields of ${name} (${body.contentType})`} fields={fields} /> : null}
      {body.fileParts ? <p className="text-sm text-fg-muted">{withCode(body.fileParts)}</p> : null}
    </div>
  );
}

function AnswersDocs({ answers }: { answers: readonly ApiAnswer[] }) {
  return (
    <dl className="space-y-1 text-sm">
      {answers.map((answer, i) => {
        const fields = answer.schema ? schemaFields(answer.schema, "output") : [];
        return (
          <div key={i} className="flex gap-3">
            <dt className="w-10 shrink-0 font-mono font-medium">{answer.status}</dt>
            <dd className="text-fg-muted">
              {withCode(answer.description)}
              {fields.length > 0 ? (
                <>
                  {" "}
                  <span className="whitespace-nowrap">Fields:</span>{" "}
                  {fields.map((f, j) => (
                    <span key={f.name}>
                      {j > 0 ? ", " : null}
                      <code title={f.description || undefined}>{f.name}</code>
                    </span>
                  ))}
                  .
                </>
              ) : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A table of parameters or fields, generated from the zod schema's JSON Schema. */
function FieldTable({ label, fields }: { label: string; fields: readonly FieldDoc[] }) {
  return (
    <div className="overflow-x-auto rounded-md border border-line" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full text-left text-sm">
        <thead className="bg-surface-muted text-xs text-fg-muted">
          <tr>
            <ColumnHeads className="px-3 py-2" cells={["Name", "Values", "Default", "Meaning"]} />
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.name} className="border-t border-line align-top">
              <th scope="row" className="px-3 py-2 font-mono font-medium whitespace-nowrap">
                {f.name}
                {f.required ? <span className="ml-1 font-sans text-xs font-normal text-fg-muted">(required)</span> : null}
              </th>
              <td className="px-3 py-2 font-mono text-xs text-fg-muted">{f.values}</td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-fg-muted">{f.default ?? "—"}</td>
              <td className="px-3 py-2 text-fg-muted">{withCode(f.description)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function authText(auth: ApiAuth): string {
  if (auth.kind === "public") return "anyone; no key is needed.";
  const scopes = `${auth.scopes.join(" and ")} scope${auth.scopes.length > 1 ? "s" : ""}`;
  if (auth.kind === "optional") return `anyone; the owner and admins (a signed-in session, or a token with the ${scopes}) also see what is private to them.`;
  return `${auth.admin ? "an admin" : "a signed-in user"}: a session from this site's own pages, or an API token (Authorization: Bearer …) with the ${scopes}.`;
}

/** Descriptions mark names and values with backticks. */
function withCode(text: string) {
  return text.split(/`([^`]+)`/).map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

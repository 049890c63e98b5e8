import { TableHead } from "@/components/column-heads";
import type { ApiAnswer, ApiAuth, ApiBody, ApiRoute } from "@/lib/api-spec/api-route";
import { routeName } from "@/lib/api-spec/api-route";
import { schemaFields, type FieldDoc } from "@/lib/api-spec/schema-fields";
import { TextAnchor } from "@/components/text-link";

/** The route groups of the declaration, in its order, each with the slug of its page (/api-docs/<slug>). */
export function apiGroups(routes: readonly ApiRoute[]): { group: string; slug: string }[] {
  return [...new Set(routes.map((r) => r.group))].map((group) => ({ group, slug: slug(group) }));
}

/** Where a route is documented in full: its group's page and its heading there. */
const routeHref = (route: ApiRoute) => `/api-docs/${slug(route.group)}#route-${slug(routeName(route))}`;

/**
 * Every route in one list, by group: method, path and summary, each linking to its group's page, where its tables
 * are. The full tables of every route on one page were 366 KB of HTML (issue 38: the markup and the flight payload
 * each carry all of it), so /api-docs lists and /api-docs/<group> documents.
 */
export function ApiRouteIndex({ routes }: { routes: readonly ApiRoute[] }) {
  return apiGroups(routes).map(({ group, slug: groupSlug }) => (
    <section key={group} className="space-y-2" aria-labelledby={`api-group-${groupSlug}`}>
      <h2 id={`api-group-${groupSlug}`} className="text-xl font-semibold">
        <TextAnchor href={`/api-docs/${groupSlug}`}>{group}</TextAnchor>
      </h2>
      <ul className="space-y-1 text-sm">
        {routes
          .filter((r) => r.group === group)
          .map((route) => (
            <li key={routeName(route)} data-api-route={routeName(route)}>
              <a href={routeHref(route)} className="font-mono text-accent underline underline-offset-2">
                {route.method} {route.path}
              </a>
              <span className="text-fg-muted">: {withCode(route.summary)}</span>
            </li>
          ))}
      </ul>
    </section>
  ));
}

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
    // the cells' classes once on the list, not on each answer (the page is sent twice: markup and flight payload)
    <dl className="space-y-1 text-sm [&_dd]:text-fg-muted [&_dt]:w-10 [&_dt]:shrink-0 [&_dt]:font-mono [&_dt]:font-medium [&>div]:flex [&>div]:gap-3">
      {answers.map((answer, i) => {
        const fields = answer.schema ? schemaFields(answer.schema, "output") : [];
        return (
          <div key={i}>
            <dt>{answer.status}</dt>
            <dd>
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
      {/* the cells' classes once on the table, not on each of the page's hundreds of cells (they were a quarter of
          its bytes, sent twice: in the markup and in the flight payload) */}
      <table className="w-full text-left text-sm [&_td]:px-3 [&_td]:py-2 [&_td]:text-fg-muted [&_th]:px-3 [&_th]:py-2 [&_tbody_th]:font-mono [&_tbody_th]:font-medium [&_tbody_th]:whitespace-nowrap [&_tbody_tr]:border-t [&_tbody_tr]:border-line [&_tbody_tr]:align-top [&_td:nth-child(-n+3)]:font-mono [&_td:nth-child(-n+3)]:text-xs [&_td:nth-child(3)]:whitespace-nowrap">
        <TableHead className="bg-surface-muted text-xs text-fg-muted" cells={["Name", "Values", "Default", "Meaning"]} />
        <tbody>
          {fields.map((f) => (
            <tr key={f.name}>
              <th scope="row">
                {f.name}
                {f.required ? <span className="ml-1 font-sans text-xs font-normal text-fg-muted">(required)</span> : null}
              </th>
              <td>{f.values}</td>
              <td>{f.default ?? "—"}</td>
              <td>{withCode(f.description)}</td>
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

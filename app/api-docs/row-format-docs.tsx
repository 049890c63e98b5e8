import { TableHead } from "@/components/column-heads";
import { hostedBenchmarks } from "@/lib/benchmarks";
import type { RowFormat, SubmitFormDeclaration } from "@/lib/benchmarks/types";

// focusable (tabIndex 0): a keyboard user can scroll a row example wider than the page
export const code = "block overflow-x-auto rounded-md border border-line bg-surface-muted p-3 font-mono text-sm";

/** One row format as declared: what a row is, its columns (when a flat list says it), an example row and its notes. */
export function RowFormatDocs({ rowFormat }: { rowFormat: RowFormat }) {
  return (
    <>
      <p className="text-fg-muted">{rowFormat.summary}</p>
      {rowFormat.columns.length > 0 ? (
        <div className="overflow-x-auto rounded-md border border-line">
          <table className="w-full text-left text-sm">
            <TableHead className="bg-surface-muted text-xs text-fg-muted" cellClassName="px-3 py-2" cells={["Column", "Type", "Meaning"]} />
            <tbody>
              {rowFormat.columns.map((c) => (
                <tr key={c.name} className="border-t border-line align-top">
                  <th scope="row" className="px-3 py-2 font-mono font-medium whitespace-nowrap">
                    {c.name}
                  </th>
                  <td className="px-3 py-2 font-mono text-xs text-fg-muted">
                    {c.type}
                    {c.required ? "" : " (optional)"}
                  </td>
                  <td className="px-3 py-2 text-fg-muted">{c.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <code className={code} tabIndex={0}>
        {JSON.stringify(rowFormat.example)}
      </code>
      {rowFormat.notes ? <p className="text-fg-muted">{rowFormat.notes}</p> : null}
    </>
  );
}

/**
 * The row formats of every benchmark with a submit form of its own that documents no contract of its own, from its
 * `submitForm` declaration: a new one documents itself here with no change to this page.
 */
export function PipelineFormatsDocs() {
  const documented = hostedBenchmarks().flatMap((b) => (b.submitForm && !b.apiDocs?.contract ? [{ ...b, submitForm: b.submitForm }] : []));
  return documented.map((b: { id: string; title: string; submitForm: SubmitFormDeclaration }) => (
    <section key={b.id} className="space-y-3" aria-labelledby={`api-${b.id}`}>
      <h2 id={`api-${b.id}`} className="text-xl font-semibold">
        {b.title}
      </h2>
      <p className="text-fg-muted">
        Uploads use <code>POST /api/v1/submissions</code> with <code>benchmark={b.id}</code> and <code>task</code> one of the tracks below. {b.submitForm.files.note}
      </p>
      {b.submitForm.groups.map((g) => (
        <div key={g.id} className="space-y-2">
          <h3 className="font-semibold">
            {g.label}:{" "}
            {g.tracks.map((t) => (
              <code key={t.id} className="mr-2">{`task=${t.id}`}</code>
            ))}
          </h3>
          <RowFormatDocs rowFormat={g.rowFormat} />
        </div>
      ))}
    </section>
  ));
}

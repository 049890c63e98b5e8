/** The Python that expands a compact Task 3 file into the full rows (the same snippet as docs/api.md). */
const EXPAND_PYTHON = `import gzip, json

memories, rows = {}, []
with gzip.open("alpsbench-v1-task3-d1000-full-inputs.compact.jsonl.gz", "rt", encoding="utf-8") as f:
    for line in f:
        row = json.loads(line)
        if "memory_ref" in row:  # a memory: its ref and fields (label, value)
            memories[row.pop("memory_ref")] = row
        else:  # an instance: candidate_refs back into candidate_memories
            refs = row.pop("candidate_refs")
            row["candidate_memories"] = [{**memories[ref], "memory_id": cid} for cid, ref in refs]
            rows.append(row)`;

/**
 * The compact Task 3 form on the inputs box (issue 29): what its lines are and how to get the full rows back
 * (lib/benchmarks/alpsbench/http/compact-task3-inputs.ts builds it; docs/api.md says the same).
 */
export function CompactInputsHelp() {
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-fg">The compact Task 3 files</summary>
      <div className="mt-2 space-y-2 text-fg-muted">
        <p>
          The same inputs with each distinct candidate memory written once: first one line per memory, <code>{'{"memory_ref": 0, "label": …, "value": …}'}</code>,
          then one line per instance in the full file&apos;s order, its fields with <code>candidate_memories</code> replaced by <code>candidate_refs</code>, a list
          of <code>[candidate id, memory_ref]</code> pairs in the pool&apos;s order. Refs number the memories in the sorted order of their text: they say nothing the
          text does not (the same text in several pools is the same memory in the full file too). Expanded, the rows are exactly the full file&apos;s:
        </p>
        <pre className="rounded border border-line bg-canvas p-2.5 font-mono text-[0.75rem] leading-relaxed whitespace-pre-wrap text-fg [overflow-wrap:anywhere]">
          <code>{EXPAND_PYTHON}</code>
        </pre>
      </div>
    </details>
  );
}

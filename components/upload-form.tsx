"use client";

import "@/lib/security/zod-jitless";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type DragEvent, type FormEvent } from "react";
import { z } from "zod";
import { modelFactProblems } from "@/lib/model-facts/upload-fields";
import { refusalAdvice } from "@/lib/submissions/refusal-advice";
import { formatCount } from "./format";
import { ProgressBar } from "./progress-bar";
import { MissingDataNotice, UploadModuleFormat, type UploadModuleOption } from "./upload-module-format";
import { MODEL_FACT_INPUTS, UploadModelFacts } from "./upload-model-facts";

export interface UploadTrackOption {
  /** track id as the API takes it: "task1", "task3/d100", "task4/ability2" */
  id: string;
  /** URL slug: "task3-d100" */
  slug: string;
  label: string;
  /** the picker's group of the track, which also picks its format box (AlpsBench's tasks: "task1" … "task4") */
  task: string;
}

export interface UploadBenchmarkOption {
  slug: string;
  label: string;
}

export interface UploadFormProps {
  tracks: readonly UploadTrackOption[];
  benchmarks: readonly UploadBenchmarkOption[];
  /** registered benchmark modules (PersonalLLM …): offered in the benchmark picker with their own tracks and row formats */
  modules?: readonly UploadModuleOption[];
  defaultBenchmark?: string;
  /** where the multipart form goes (default /api/v1/submissions) */
  endpoint?: string;
  /** problems listed under a refused upload before "and N more" */
  maxProblemsShown?: number;
}

const TASK_GROUP_LABEL: Record<string, string> = {
  task1: "Task 1 · Extraction",
  task2: "Task 2 · Update",
  task3: "Task 3 · Retrieval",
  task4: "Task 4 · Utilization",
};

const SPLIT_OPTIONS = [
  { value: "full", label: "Full benchmark (every instance)" },
  { value: "dev", label: "Dev" },
  { value: "validation", label: "Validation" },
  { value: "test", label: "Test (hidden gold)" },
] as const;

const KIND_OPTIONS = [
  { value: "general_llm", label: "General LLM" },
  { value: "memory_system", label: "Memory system" },
  { value: "retrieval_baseline", label: "Retrieval baseline" },
] as const;

/** One JSON line per instance: the official prediction contract of ../shared/docs/SCORING.md. */
const FORMAT: Record<string, { summary: string; example: string; notes: string }> = {
  task1: {
    summary: "One line per instance: the memories you extracted from the dialogue.",
    example: `{"benchmark_id": "sess_…__…", "memory_items": [
  {"memory_id": "m1", "type": "direct",
   "label": "Personal_Background/Occupation",
   "value": "Works as a nurse", "confidence": 0.9}]}`,
    notes: "Scored: type (direct/indirect), label, value, confidence. A missing line scores as an empty prediction.",
  },
  task2: {
    summary: "One line per instance: the whole memory list after the update.",
    example: `{"benchmark_id": "sess_…", "memory_items": [
  {"memory_id": "m3_updated", "type": "direct",
   "label": "Preferences/Food", "value": "Now vegetarian",
   "confidence": 0.8}]}`,
    notes: "Keep ids of retained memories, use <id>_updated for a modified one and m_new_<n> for additions.",
  },
  task3: {
    summary: "One line per instance and pool size: the candidate you picked.",
    example: `{"benchmark_id": "sess_…", "answer": "…",
 "reason": "…", "selected_memory_id": "c017"}`,
    notes: "selected_memory_id (one of the instance's candidate ids) decides; the judge reads answer and reason. Tracks task3_d100 … task3_d1000.",
  },
  task4: {
    summary: "One line per instance: your answer to its query.",
    example: `{"benchmark_id": "ability1_12", "answer": "…",
 "used_memory_fact": "…"}`,
    notes:
      "The answer is judged (for EI, the instance's first query, as the official harness asks it). Also accepted: {benchmark_id, responses: [{query_id, response}]}, one per query (EI: five).",
  },
};

/** The API's field names (app/api/v1/submissions/_lib/upload-fields.ts), in the order they are sent. */
const FIELD_NAMES = [
  "task",
  "model",
  "split",
  "benchmark",
  "organisation",
  "kind",
  "backbone",
  "paper_url",
  "code_url",
  "open_weights",
  "visibility",
  "publish_predictions",
  ...MODEL_FACT_INPUTS,
];

const ACCEPTED = [".jsonl", ".json", ".jsonl.gz", ".json.gz", ".gz", ".zip", ".tar.gz", ".tgz", ".tar"];
/** a module's track takes one JSONL, CSV or parquet file (gzip accepted) */
const MODULE_ACCEPTED = [".jsonl", ".csv", ".parquet", ".gz"];
/** An archive of a whole run (`<track>/predictions.jsonl` files): uploaded without a task, one submission per track. */
const ARCHIVES = [".zip", ".tar.gz", ".tgz", ".tar"];
const isArchive = (name: string) => ARCHIVES.some((ext) => name.toLowerCase().endsWith(ext));
const acceptedName = (name: string, moduleUpload = false) => (moduleUpload ? MODULE_ACCEPTED : ACCEPTED).some((ext) => name.toLowerCase().endsWith(ext));

// The API's answers, parsed (never cast). Tolerant of where the id and the problems sit.
const Problem = z.object({
  line: z.number().nullable().optional(),
  field: z.string().nullable().optional(),
  message: z.string(),
});
type Problem = z.infer<typeof Problem>;
const Coverage = z
  .looseObject({
    expected: z.number(),
    valid: z.number(),
    missing: z.number(),
    duplicate: z.number(),
    unknown: z.number(),
    rejected: z.number(),
  })
  .partial();
const Validation = z.looseObject({
  fatal: z.string().nullable().optional(),
  problems: z.array(Problem).optional(),
  problemsTotal: z.number().optional(),
  coverage: Coverage.optional(),
});
const ErrorBody = z.looseObject({
  error: z
    .union([
      z.string(),
      z.looseObject({
        code: z.string().optional(),
        message: z.string().optional(),
        problems: z.array(Problem).optional(),
        problemsTotal: z.number().optional(),
        validation: Validation.optional(),
        /** 400: one entry per bad form field */
        fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
        /** 429 upload limit: when the next upload is allowed */
        nextAllowedAt: z.string().nullable().optional(),
      }),
    ])
    .optional(),
  message: z.string().optional(),
  problems: z.array(Problem).optional(),
  problemsTotal: z.number().optional(),
  validation: Validation.optional(),
});
const SuccessBody = z.union([
  // a run: its page shows every track
  z.looseObject({ run_id: z.string().min(1) }).transform((b) => `/runs/${encodeURIComponent(b.run_id)}`),
  z.looseObject({ id: z.string().min(1) }).transform((b) => `/submissions/${encodeURIComponent(b.id)}`),
  z.looseObject({ submission: z.looseObject({ id: z.string().min(1) }) }).transform((b) => `/submissions/${encodeURIComponent(b.submission.id)}`),
]);

type Refusal = {
  status: number;
  message: string;
  problems: Problem[];
  problemsTotal: number;
  coverage: z.infer<typeof Coverage> | null;
  nextAllowedAt?: string | null;
  code?: string | null;
};

function refusalFrom(status: number, text: string): Refusal {
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: a proxy's error page, say
  }
  const parsed = ErrorBody.safeParse(json);
  const fallback =
    status === 401
      ? "You are not signed in any more. Sign in again, then resubmit."
      : status === 413
        ? "The file is too large."
        : status === 429
          ? "You have reached the submission limit. Try again later."
          : `The server refused the upload (HTTP ${status}).`;
  if (!parsed.success) return { status, message: fallback, problems: [], problemsTotal: 0, coverage: null };
  const body = parsed.data;
  const error = typeof body.error === "object" ? body.error : undefined;
  const validation = body.validation ?? error?.validation;
  const message = (typeof body.error === "string" ? body.error : error?.message) ?? body.message ?? validation?.fatal ?? fallback;
  const fieldProblems: Problem[] = (error?.fields ?? []).map((f) => ({ line: null, field: f.field, message: f.message }));
  const problems = body.problems ?? error?.problems ?? validation?.problems ?? fieldProblems;
  const problemsTotal = Math.max(problems.length, body.problemsTotal ?? error?.problemsTotal ?? validation?.problemsTotal ?? 0);
  return {
    status,
    message,
    problems,
    problemsTotal,
    coverage: validation?.coverage ?? null,
    nextAllowedAt: error?.nextAllowedAt ?? null,
    code: error?.code ?? null,
  };
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type Phase =
  | { kind: "idle" }
  | { kind: "uploading"; loaded: number; total: number }
  | { kind: "processing" }
  | { kind: "accepted"; id: string }
  | { kind: "refused"; refusal: Refusal }
  | { kind: "network-error" };

const input = "mt-1 block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-[0.9375rem] text-fg placeholder:text-fg-subtle focus:border-accent";
const labelCls = "block text-sm font-medium text-fg";
const hintCls = "mt-1 text-[0.8125rem] text-fg-muted";
const fieldsetCls = "min-w-0 rounded-lg border border-line bg-surface p-4 sm:p-5";
const legendCls = "px-1 text-base font-semibold text-fg";

export function UploadForm({ tracks, benchmarks, modules = [], defaultBenchmark, endpoint = "/api/v1/submissions", maxProblemsShown = 20 }: UploadFormProps) {
  const router = useRouter();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const [track, setTrack] = useState(tracks[0]?.id ?? "task1");
  const [split, setSplit] = useState<string>("full");
  const [benchmark, setBenchmark] = useState(defaultBenchmark ?? benchmarks[0]?.slug ?? modules[0]?.id ?? "alpsbench-v1");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [nameError, setNameError] = useState<string | null>(null);
  const [factErrors, setFactErrors] = useState<Record<string, string>>({});
  const [factsOpen, setFactsOpen] = useState(false);

  // eslint-disable-next-line @next/next/no-assign-module-variable -- a function-scoped const in an ES module, never CommonJS's `module`
  const module = modules.find((m) => m.id === benchmark) ?? null;
  // a module's first track with data here is preselected; one without data cannot be chosen (the notice says why)
  const firstReady = (m: UploadModuleOption) => m.tracks.find((t) => t.missingData === null) ?? m.tracks[0] ?? null;
  const moduleTrack = module ? (module.tracks.find((t) => t.id === track) ?? firstReady(module)) : null;
  const moduleNotReady = moduleTrack !== null && moduleTrack.missingData !== null;
  const chooseBenchmark = (next: string) => {
    setBenchmark(next);
    // the track picker lists the chosen benchmark's tracks: keep the choice only when it is one of them
    const nextModule = modules.find((m) => m.id === next);
    const ids = nextModule ? nextModule.tracks.map((t) => t.id) : tracks.map((t) => t.id);
    if (nextModule) setTrack(firstReady(nextModule)?.id ?? "");
    else if (!ids.includes(track)) setTrack(ids[0] ?? "");
  };
  const selected = tracks.find((t) => t.id === track) ?? tracks[0];
  const format = FORMAT[selected?.task ?? "task1"];
  const slug = selected?.slug ?? "task1";
  const inputsParams = new URLSearchParams({ benchmark });
  if (split !== "full") inputsParams.set("split", split);
  const inputsHref = `/api/v1/inputs/${slug}?${inputsParams.toString()}`;
  const exampleHref = `/api/v1/inputs/${slug}/example?${new URLSearchParams({ benchmark }).toString()}`;
  const busy = phase.kind === "uploading" || phase.kind === "processing" || phase.kind === "accepted";

  const chooseFile = (chosen: File | null) => {
    setPhase((p) => (p.kind === "refused" || p.kind === "network-error" ? p : { kind: "idle" }));
    if (!chosen) {
      setFile(null);
      setFileError(null);
      return;
    }
    if (!acceptedName(chosen.name, module !== null)) {
      setFile(null);
      setFileError(module ? `"${chosen.name}" is not a .jsonl, .csv, .parquet or .gz file.` : `"${chosen.name}" is not a .jsonl, .json or .gz file.`);
      return;
    }
    if (chosen.size === 0) {
      setFile(null);
      setFileError(`"${chosen.name}" is empty.`);
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    const dropped = event.dataTransfer.files;
    if (dropped.length > 1) {
      setFileError("Drop one file at a time.");
      return;
    }
    const first = dropped[0] ?? null;
    // Mirror the drop into the file input, so what it shows and what is sent agree.
    if (first && fileInputRef.current && acceptedName(first.name, module !== null)) {
      try {
        fileInputRef.current.files = dropped;
      } catch {
        // some browsers refuse; the state still holds the file
      }
    }
    chooseFile(first);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = formRef.current;
    if (!form) return;
    const entered = new FormData(form);
    const model = String(entered.get("model") ?? "").trim();
    setNameError(model ? null : "Give your system a name.");
    if (!file) setFileError((current) => current ?? "Choose a prediction file.");
    if (!model || !file) {
      form.querySelector<HTMLElement>(!model ? `#${CSS.escape(`${id}-model`)}` : `#${CSS.escape(`${id}-file`)}`)?.focus();
      return;
    }
    // the model facts checked with the API's own schema: a bad one is shown under its field, not sent
    const facts = modelFactProblems(Object.fromEntries(MODEL_FACT_INPUTS.map((k) => [k, String(entered.get(k) ?? "")])));
    setFactErrors(facts);
    const firstBad = MODEL_FACT_INPUTS.find((k) => facts[k]);
    if (firstBad) {
      setFactsOpen(true);
      // after the group opens
      requestAnimationFrame(() => form.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${firstBad}`)}`)?.focus());
      return;
    }
    // The API reads the fields first and streams the file last: the file part must be the final one.
    // Empty optional fields are left out rather than sent as "".
    const data = new FormData();
    for (const key of FIELD_NAMES) {
      // an archive is a whole run: each file's track comes from its folder, so no task is sent
      if (key === "task" && isArchive(file.name) && !module) continue;
      // a module has no splits (the field is not on the form)
      if (key === "split" && module) continue;
      const value = key === "model" ? model : String(entered.get(key) ?? "").trim();
      if (value !== "") data.append(key, value);
    }
    data.append("file", file, file.name);

    // XMLHttpRequest, not fetch: only XHR reports upload progress.
    const xhr = new XMLHttpRequest();
    xhr.open("POST", endpoint);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Idempotency-Key", crypto.randomUUID());
    xhr.upload.onprogress = (e) => {
      const total = e.lengthComputable ? e.total : file.size;
      setPhase({ kind: "uploading", loaded: Math.min(e.loaded, total), total });
    };
    xhr.upload.onload = () => setPhase({ kind: "processing" });
    xhr.onerror = () => setPhase({ kind: "network-error" });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        let json: unknown = null;
        try {
          json = JSON.parse(xhr.responseText);
        } catch {
          // handled below
        }
        const parsed = SuccessBody.safeParse(json);
        if (parsed.success) {
          setPhase({ kind: "accepted", id: parsed.data });
          router.push(parsed.data);
          return;
        }
        setPhase({
          kind: "refused",
          refusal: {
            status: xhr.status,
            message: "The server accepted the upload but did not say where to follow it.",
            problems: [],
            problemsTotal: 0,
            coverage: null,
          },
        });
      } else {
        setPhase({ kind: "refused", refusal: refusalFrom(xhr.status, xhr.responseText) });
      }
      requestAnimationFrame(() => errorRef.current?.focus());
    };
    setPhase({ kind: "uploading", loaded: 0, total: file.size });
    xhr.send(data);
  };

  const progress =
    phase.kind === "uploading" ? { value: phase.loaded, max: phase.total } : phase.kind === "processing" || phase.kind === "accepted" ? { value: 1, max: 1 } : null;

  // the groups in the order their first tracks come
  const groups = [...new Set(tracks.map((t) => t.task))].map((task) => ({ task, options: tracks.filter((t) => t.task === task) }));

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6" aria-describedby={`${id}-required`}>
      <p id={`${id}-required`} className="text-sm text-fg-muted">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">required</span> are required.
      </p>

      <fieldset className={fieldsetCls} disabled={busy}>
        <legend className={legendCls}>What you are submitting</legend>
        <div className="mt-2 grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
          <div className="space-y-4">
            <div>
              <label htmlFor={`${id}-benchmark`} className={labelCls}>
                Benchmark
              </label>
              <select id={`${id}-benchmark`} name="benchmark" value={benchmark} onChange={(e) => chooseBenchmark(e.target.value)} className={input}>
                {benchmarks.map((b) => (
                  <option key={b.slug} value={b.slug}>
                    {b.label}
                  </option>
                ))}
                {modules.map((m) => {
                  const noData = m.tracks.every((t) => t.missingData !== null);
                  return (
                    // offered while its notice is shown (the module's board links here), never chosen from another benchmark
                    <option key={m.id} value={m.id} disabled={noData && m.id !== benchmark}>
                      {noData ? `${m.title} (no evaluation data on this server)` : m.title}
                    </option>
                  );
                })}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-task`} className={labelCls}>
                Track <span aria-hidden="true">*</span>
              </label>
              <select
                id={`${id}-task`}
                name="task"
                required
                value={module ? (moduleTrack?.id ?? "") : track}
                onChange={(e) => setTrack(e.target.value)}
                className={input}
              >
                {module
                  ? module.tracks.map((t) => (
                      <option key={t.id} value={t.id} disabled={t.missingData !== null && t.id !== moduleTrack?.id}>
                        {t.missingData === null ? t.title : `${t.title} (no evaluation data on this server)`}
                      </option>
                    ))
                  : null}
                {module
                  ? null
                  : groups.map((g) => (
                      <optgroup key={g.task} label={TASK_GROUP_LABEL[g.task] ?? g.task}>
                        {g.options.map((t) => (
                          <option key={t.id} value={t.id}>
                            {t.label}
                          </option>
                        ))}
                      </optgroup>
                    ))}
              </select>
            </div>
            {module && moduleTrack ? <p className={hintCls}>{moduleTrack.description}</p> : null}
            {module && moduleTrack ? <MissingDataNotice track={moduleTrack} /> : null}
            {module ? null : (
              <div>
                <label htmlFor={`${id}-split`} className={labelCls}>
                  Split
                </label>
                <select
                  id={`${id}-split`}
                  name="split"
                  value={split}
                  onChange={(e) => setSplit(e.target.value)}
                  className={input}
                  aria-describedby={`${id}-split-hint`}
                >
                  {SPLIT_OPTIONS.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
                <p id={`${id}-split-hint`} className={hintCls}>
                  Scored on this split&apos;s instances only; instances you leave out score as empty predictions.
                </p>
              </div>
            )}
          </div>

          {module && moduleTrack ? (
            <UploadModuleFormat module={module} track={moduleTrack} headingId={`${id}-format-title`} />
          ) : format ? (
            <section aria-labelledby={`${id}-format-title`} className="min-w-0 rounded-md border border-line bg-surface-muted p-4">
              <h3 id={`${id}-format-title`} className="text-sm font-semibold text-fg">
                Prediction format · {TASK_GROUP_LABEL[selected?.task ?? "task1"]}
              </h3>
              <p className="mt-1 text-sm text-fg-muted">{format.summary}</p>
              {/* wrapped, not scrolled: a phone shows no scroll bar, so a scrolled example looked cut off */}
              <pre className="mt-2 rounded border border-line bg-surface p-2.5 font-mono text-[0.75rem] leading-relaxed whitespace-pre-wrap text-fg [overflow-wrap:anywhere]">
                <code>{format.example}</code>
              </pre>
              <p className="mt-2 text-[0.8125rem] text-fg-muted">{format.notes} JSONL or one JSON array, gzipped or not.</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <a
                  href={inputsHref}
                  download
                  className="rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-accent hover:bg-surface-hover"
                >
                  Download inputs<span className="sr-only"> for {selected?.label}</span>
                </a>
                <a
                  href={exampleHref}
                  download
                  className="rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium text-accent hover:bg-surface-hover"
                >
                  Example file<span className="sr-only"> for {selected?.label}</span>
                </a>
              </div>
            </section>
          ) : null}
        </div>
      </fieldset>

      <fieldset className={fieldsetCls} disabled={busy}>
        <legend className={legendCls}>Your system</legend>
        <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-model`} className={labelCls}>
              System name <span aria-hidden="true">*</span>
            </label>
            <input
              id={`${id}-model`}
              name="model"
              required
              maxLength={120}
              autoComplete="off"
              placeholder="e.g. MyMemory-7B v2"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${id}-model-error` : `${id}-model-hint`}
              onChange={() => setNameError(null)}
              className={input}
            />
            {nameError ? (
              <p id={`${id}-model-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                {nameError}
              </p>
            ) : (
              <p id={`${id}-model-hint`} className={hintCls}>
                As it should appear on the leaderboard. Resubmitting under the same name updates that system.
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-organisation`} className={labelCls}>
              Organisation
            </label>
            <input id={`${id}-organisation`} name="organisation" maxLength={120} autoComplete="organization" className={input} />
          </div>
          <div>
            <label htmlFor={`${id}-kind`} className={labelCls}>
              Kind of system
            </label>
            <select id={`${id}-kind`} name="kind" defaultValue="general_llm" className={input}>
              {KIND_OPTIONS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-backbone`} className={labelCls}>
              Backbone model
            </label>
            <input id={`${id}-backbone`} name="backbone" maxLength={120} placeholder="e.g. Llama-3.1-8B" className={input} />
          </div>
          <div>
            <label htmlFor={`${id}-weights`} className={labelCls}>
              Weights
            </label>
            <select id={`${id}-weights`} name="open_weights" defaultValue="" className={input}>
              <option value="">Not stated</option>
              <option value="true">Open weights</option>
              <option value="false">Closed weights</option>
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-paper`} className={labelCls}>
              Paper link
            </label>
            <input id={`${id}-paper`} name="paper_url" type="url" inputMode="url" placeholder="https://…" className={input} />
          </div>
          <div>
            <label htmlFor={`${id}-code`} className={labelCls}>
              Code link
            </label>
            <input id={`${id}-code`} name="code_url" type="url" inputMode="url" placeholder="https://…" className={input} />
          </div>
          <UploadModelFacts
            id={id}
            errors={factErrors}
            open={factsOpen}
            onToggle={setFactsOpen}
            onEdit={(field) => setFactErrors(({ [field]: _dropped, ...rest }) => rest)}
            className={{ input, label: labelCls, hint: hintCls }}
          />
          <fieldset className="min-w-0 sm:col-span-2">
            <legend className={labelCls}>Visibility</legend>
            <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
              <label className="flex items-start gap-2 text-sm text-fg">
                <input type="radio" name="visibility" value="public" defaultChecked className="mt-0.5 size-4 accent-[var(--color-accent)]" />
                <span>
                  Public <span className="text-fg-muted">· listed on the leaderboard</span>
                </span>
              </label>
              <label className="flex items-start gap-2 text-sm text-fg">
                <input type="radio" name="visibility" value="private" className="mt-0.5 size-4 accent-[var(--color-accent)]" />
                <span>
                  Private <span className="text-fg-muted">· only you see the scores</span>
                </span>
              </label>
            </div>
          </fieldset>
          <label className="flex items-start gap-2 text-sm text-fg sm:col-span-2">
            <input type="checkbox" name="publish_predictions" value="true" className="mt-0.5 size-4 accent-[var(--color-accent)]" />
            <span>
              Publish my predictions <span className="text-fg-muted">· in the run&apos;s reproducibility pack, so anyone can re-score it offline</span>
            </span>
          </label>
        </div>
      </fieldset>

      <fieldset className={fieldsetCls} disabled={busy}>
        <legend className={legendCls}>
          Prediction file <span aria-hidden="true">*</span>
        </legend>
        <div
          onDragEnter={(e) => {
            e.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = busy ? "none" : "copy";
          }}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
          data-dragging={dragging || undefined}
          className={`mt-2 flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors ${
            dragging ? "border-accent bg-accent-soft" : fileError ? "border-red-400 dark:border-red-700" : "border-line-strong bg-surface-muted"
          }`}
        >
          <svg aria-hidden="true" width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="text-fg-subtle">
            <path d="M12 16V4m0 0l-4.5 4.5M12 4l4.5 4.5" strokeLinecap="round" strokeLinejoin="round" />
            <path d="M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15" strokeLinecap="round" />
          </svg>
          <p className="text-sm text-fg">
            <span className="font-medium">Drag a file here</span>
            <span className="text-fg-muted"> or choose one:</span>
          </p>
          <label htmlFor={`${id}-file`} className="sr-only">
            Prediction file (.jsonl, .json or .gz)
          </label>
          <input
            ref={fileInputRef}
            id={`${id}-file`}
            name="file"
            type="file"
            accept={
              module ? ".jsonl,.csv,.parquet,.gz,text/csv,application/gzip" : ".jsonl,.json,.gz,.zip,.tgz,.tar,application/json,application/gzip,application/zip"
            }
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${id}-file-status`}
            onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
            className="block max-w-full text-sm text-fg-muted file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-line-strong file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-fg hover:file:bg-surface-hover"
          />
          <p id={`${id}-file-status`} className={fileError ? "text-sm font-medium text-red-700 dark:text-red-300" : "text-[0.8125rem] text-fg-muted"}>
            {fileError ??
              (file ? (
                <>
                  Selected <strong className="font-medium break-all text-fg">{file.name}</strong> ({formatBytes(file.size)})
                </>
              ) : module ? (
                ".jsonl, .csv or .parquet (gzip accepted), up to 200 MB"
              ) : (
                ".jsonl, .json or .gz, up to 200 MB; or a .zip / .tar.gz of a whole run (task1/predictions.jsonl, task3/d300/predictions.jsonl …): the task is then read from each folder"
              ))}
          </p>
        </div>

        {progress ? (
          <ProgressBar
            className="mt-4"
            label={phase.kind === "uploading" ? "Uploading" : phase.kind === "accepted" ? "Uploaded, opening the status page" : "Uploaded, validating on the server"}
            value={progress.value}
            max={progress.max}
            valueText={
              phase.kind === "uploading"
                ? `${Math.floor((progress.value / Math.max(progress.max, 1)) * 100)}% · ${formatBytes(progress.value)} of ${formatBytes(progress.max)}`
                : "100%"
            }
          />
        ) : null}
      </fieldset>

      <div aria-live="polite" className="sr-only">
        {phase.kind === "processing" ? "Upload complete. Validating the file on the server." : phase.kind === "accepted" ? "Accepted. Opening the status page." : ""}
      </div>

      {phase.kind === "refused" || phase.kind === "network-error" ? (
        <div
          ref={errorRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
        >
          {phase.kind === "network-error" ? (
            <p className="font-semibold">The upload did not reach the server. Check your connection and try again.</p>
          ) : (
            <RefusalDetails refusal={phase.refusal} maxShown={maxProblemsShown} />
          )}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={busy || moduleNotReady}
          className="inline-flex items-center rounded-md bg-accent px-5 py-2.5 text-sm font-semibold text-surface hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60"
        >
          {phase.kind === "uploading" ? "Uploading…" : phase.kind === "processing" ? "Validating…" : phase.kind === "accepted" ? "Accepted" : "Submit for scoring"}
        </button>
        <p className="text-[0.8125rem] text-fg-muted">The file is validated as it uploads; nothing is stored if it is refused.</p>
      </div>
    </form>
  );
}

function RefusalDetails({ refusal, maxShown }: { refusal: Refusal; maxShown: number }) {
  const shown = refusal.problems.slice(0, maxShown);
  const more = refusal.problemsTotal - shown.length;
  const c = refusal.coverage;
  return (
    <>
      <p className="font-semibold">
        Refused: <span className="font-normal">{refusal.message}</span>
      </p>
      {c && (c.unknown || c.duplicate || c.rejected) ? (
        <p className="mt-1 text-sm">
          {[
            c.valid !== undefined ? `${formatCount(c.valid)} valid rows` : null,
            c.rejected ? `${formatCount(c.rejected)} rejected` : null,
            c.unknown ? `${formatCount(c.unknown)} unknown ids` : null,
            c.duplicate ? `${formatCount(c.duplicate)} duplicates` : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <>
          <p className="mt-3 text-sm font-medium">
            {refusal.problemsTotal === 1 ? "1 problem" : `${formatCount(refusal.problemsTotal)} problems`}
            {more > 0 ? `, the first ${shown.length}:` : ":"}
          </p>
          <ul className="mt-1 max-h-80 space-y-1 overflow-y-auto text-sm">
            {shown.map((p, i) => (
              <li key={i} className="flex flex-wrap gap-x-2">
                <span className="num font-mono text-[0.8125rem] font-semibold whitespace-nowrap">
                  {p.line !== null && p.line !== undefined ? `line ${p.line}${p.field ? ` · ${p.field}` : ""}` : (p.field ?? "file")}
                </span>
                <span className="min-w-0 break-words">{p.message}</span>
              </li>
            ))}
          </ul>
          {more > 0 ? <p className="mt-1 text-sm font-medium">and {formatCount(more)} more</p> : null}
        </>
      ) : null}
      {refusal.status === 401 ? (
        <p className="mt-3 text-sm">
          <a href="/signin?callbackUrl=%2Fsubmit" className="font-semibold underline underline-offset-2">
            Sign in again
          </a>{" "}
          (your entries here will be lost).
        </p>
      ) : (
        <p className="mt-3 text-[0.8125rem] opacity-90">{refusalAdvice(refusal.status, refusal.nextAllowedAt, refusal.code)}</p>
      )}
    </>
  );
}

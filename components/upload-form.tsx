"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { modelFactProblems } from "@/lib/model-facts/upload-fields";
import { FileDrop } from "./upload-form/file-drop";
import { FormatBox, InputsDownloads } from "./upload-form/format-box";
import {
  FALLBACK_FILES,
  isArchive,
  MODULE_FILES,
  type UploadBenchmarkOption,
  type UploadPipelineOption,
  type UploadTestQuotaOption,
  type UploadTrackOption,
} from "./upload-form/options";
import { RefusalDetails } from "./upload-form/refusal-details";
import { sendUpload, type UploadEvent } from "./upload-form/send-upload";
import { fieldsetCls, legendCls } from "./upload-form/styles";
import { SystemFields } from "./upload-form/system-fields";
import { DEFAULT_SPLIT, moduleSplitOf, TrackPicker } from "./upload-form/track-picker";
import type { UploadModuleOption } from "@/lib/benchmarks/types-submit-form";
import { UploadModuleFormat } from "./upload-module-format";
import { MODEL_FACT_INPUTS } from "./upload-model-facts";

/**
 * The web upload: which benchmark, track and split, the system's facts, the file; then the request with its
 * progress, and a refusal's problems by line and field. Every benchmark-specific word (track groups, row formats,
 * the files taken) comes in the props, from the benchmarks' declarations (app/submit/page.tsx).
 */
interface UploadFormProps {
  /** the tracks of benchmarks with their own `submitForm`, each in a picker group it declares */
  tracks: readonly UploadTrackOption[];
  /** the data versions of those benchmarks that can take an upload here */
  benchmarks: readonly UploadBenchmarkOption[];
  /** those benchmarks' picker groups (with row formats) and accepted files */
  pipelines?: readonly UploadPipelineOption[];
  /** benchmarks with one-call tracks and no `submitForm` (PersonalLLM …): offered in the benchmark picker with their own tracks and row formats */
  modules?: readonly UploadModuleOption[];
  defaultBenchmark?: string;
  /** per data version slug: the uploader's test answers left (absent: not limited) */
  testQuotas?: Readonly<Record<string, UploadTestQuotaOption>>;
}

/** problems listed under a refused upload before "and N more" */
const MAX_PROBLEMS_SHOWN = 20;

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

type Phase = { kind: "idle" } | UploadEvent;

export function UploadForm({ tracks, benchmarks, pipelines = [], modules = [], defaultBenchmark, testQuotas = {} }: UploadFormProps) {
  const router = useRouter();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const [benchmark, setBenchmark] = useState(defaultBenchmark ?? benchmarks[0]?.slug ?? modules[0]?.id ?? "");
  const pipelineOf = (slug: string) => {
    const version = benchmarks.find((b) => b.slug === slug);
    return version ? (pipelines.find((p) => p.id === version.pipeline) ?? pipelines[0] ?? null) : null;
  };
  const tracksOf = (pipeline: UploadPipelineOption | null) => tracks.filter((t) => (t.pipeline ?? pipelines[0]?.id) === pipeline?.id || pipeline === null);
  // why a data version's track cannot take an upload here (no instances of it); null: it can
  const versionGap = (slug: string, trackId: string) => benchmarks.find((b) => b.slug === slug)?.missingData?.[trackId] ?? null;
  // a data version's first track with data is preselected, as a module's is
  const firstReadyOf = (slug: string) => {
    const ids = tracksOf(pipelineOf(slug)).map((t) => t.id);
    return ids.find((t) => versionGap(slug, t) === null) ?? ids[0] ?? "";
  };
  const [track, setTrack] = useState(() => firstReadyOf(benchmark) || (tracks[0]?.id ?? ""));
  const [split, setSplit] = useState<string>(DEFAULT_SPLIT);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [nameError, setNameError] = useState<string | null>(null);
  const [factErrors, setFactErrors] = useState<Record<string, string>>({});
  const [factsOpen, setFactsOpen] = useState(false);

  // eslint-disable-next-line @next/next/no-assign-module-variable -- a function-scoped const in an ES module, never CommonJS's `module`
  const module = modules.find((m) => m.id === benchmark) ?? null;
  const pipeline = module ? null : pipelineOf(benchmark);
  const pipelineTracks = tracksOf(pipeline);
  // a module's first track with data here is preselected; one without data cannot be chosen (the notice says why)
  const firstReady = (m: UploadModuleOption) => m.tracks.find((t) => t.missingData === null) ?? m.tracks[0] ?? null;
  const moduleTrack = module ? (module.tracks.find((t) => t.id === track) ?? firstReady(module)) : null;
  const moduleNotReady = moduleTrack !== null && moduleTrack.missingData !== null;
  const files = module ? MODULE_FILES : (pipeline?.files ?? FALLBACK_FILES);
  const accepts = (name: string) => files.extensions.some((ext) => name.toLowerCase().endsWith(ext));
  const chooseBenchmark = (next: string) => {
    setBenchmark(next);
    // the track picker lists the chosen benchmark's tracks: keep the choice only when it is one of them
    const nextModule = modules.find((m) => m.id === next);
    if (nextModule) {
      setTrack(firstReady(nextModule)?.id ?? "");
      return;
    }
    const ids = tracksOf(pipelineOf(next)).map((t) => t.id);
    if (!ids.includes(track) || versionGap(next, track) !== null) setTrack(firstReadyOf(next));
  };
  const selected = pipelineTracks.find((t) => t.id === track) ?? pipelineTracks[0];
  const selectedGap = !module && selected ? versionGap(benchmark, selected.id) : null;
  // the picker's groups in declared order (tracks of no declared group after them, in the order their first tracks come)
  const declared = pipeline?.groups ?? [];
  const groupIds = [...new Set([...declared.map((g) => g.id), ...pipelineTracks.map((t) => t.task)])];
  const groups = groupIds
    .map((g) => ({ id: g, label: declared.find((d) => d.id === g)?.label ?? g, options: pipelineTracks.filter((t) => t.task === g) }))
    .filter((g) => g.options.length > 0);
  const group = declared.find((g) => g.id === selected?.task) ?? null;
  const busy = phase.kind === "uploading" || phase.kind === "processing" || phase.kind === "accepted";

  const chooseFile = (chosen: File | null) => {
    setPhase((p) => (p.kind === "refused" || p.kind === "network-error" ? p : { kind: "idle" }));
    const problem = !chosen
      ? null
      : !accepts(chosen.name)
        ? `"${chosen.name}" is not a ${files.kinds} file.`
        : chosen.size === 0
          ? `"${chosen.name}" is empty.`
          : null;
    setFileError(problem);
    setFile(problem ? null : chosen);
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
      // a module's split: the one its track takes (none without splits: the field is not on the form)
      if (key === "split" && module) {
        const moduleSplit = moduleSplitOf(moduleTrack, split);
        if (moduleSplit !== null) data.append("split", moduleSplit);
        continue;
      }
      const value = key === "model" ? model : String(entered.get(key) ?? "").trim();
      if (value !== "") data.append(key, value);
    }
    data.append("file", file, file.name);
    sendUpload("/api/v1/submissions", data, file.size, (next) => {
      setPhase(next);
      // the status page it opens says the coverage of a partial file in its summary, as this form does meanwhile
      if (next.kind === "accepted") router.push(next.id);
      if (next.kind === "refused") requestAnimationFrame(() => errorRef.current?.focus());
    });
  };

  const progress =
    phase.kind === "uploading"
      ? { phase: phase.kind, value: phase.loaded, max: phase.total }
      : phase.kind === "processing" || phase.kind === "accepted"
        ? { phase: phase.kind, value: 1, max: 1 }
        : null;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6" aria-describedby={`${id}-required`}>
      <p id={`${id}-required`} className="text-sm text-fg-muted">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">required</span> are required.
      </p>

      <fieldset className={fieldsetCls} disabled={busy}>
        <legend className={legendCls}>What you are submitting</legend>
        <div className="mt-2 grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
          <TrackPicker
            id={id}
            benchmarks={benchmarks}
            modules={modules}
            benchmark={benchmark}
            onBenchmark={chooseBenchmark}
            groups={groups}
            track={track}
            onTrack={setTrack}
            module={module}
            moduleTrack={moduleTrack}
            split={split}
            onSplit={setSplit}
            testQuota={testQuotas[benchmark] ?? null}
          />
          {module && moduleTrack ? (
            <UploadModuleFormat module={module} track={moduleTrack} headingId={`${id}-format-title`} />
          ) : group && selected ? (
            <FormatBox headingId={`${id}-format-title`} title={group.label} rowFormat={group.rowFormat} filesNote={files.note}>
              {pipeline?.inputs ? <InputsDownloads slug={selected.slug} benchmark={benchmark} split={split} trackLabel={selected.label} /> : null}
            </FormatBox>
          ) : null}
        </div>
      </fieldset>

      <SystemFields
        id={id}
        disabled={busy}
        nameError={nameError}
        onNameEdit={() => setNameError(null)}
        factErrors={factErrors}
        factsOpen={factsOpen}
        onFactsToggle={setFactsOpen}
        onFactEdit={(field) => setFactErrors(({ [field]: _dropped, ...rest }) => rest)}
      />

      <FileDrop
        id={id}
        busy={busy}
        files={files}
        file={file}
        fileError={fileError}
        fileInputRef={fileInputRef}
        accepts={accepts}
        onChoose={chooseFile}
        onTooMany={() => setFileError("Drop one file at a time.")}
        progress={progress}
      />

      <div aria-live="polite" className="sr-only">
        {phase.kind === "processing"
          ? "Upload complete. Validating the file on the server."
          : phase.kind === "accepted"
            ? phase.coverage
              ? `Accepted: ${phase.coverage}.`
              : "Accepted. Opening the status page."
            : ""}
      </div>

      {phase.kind === "accepted" && phase.coverage ? (
        <div
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          data-testid="upload-coverage"
        >
          <p className="font-medium">Accepted and queued for scoring, but the file is partial: {phase.coverage}.</p>
          <p className="mt-2">
            Its figures count every missing instance as an empty prediction. Opening its{" "}
            <a href={phase.id} className="text-accent underline underline-offset-2">
              status page
            </a>
            , which says the same.
          </p>
        </div>
      ) : null}

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
            <RefusalDetails refusal={phase.refusal} maxShown={MAX_PROBLEMS_SHOWN} />
          )}
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={busy || moduleNotReady || selectedGap !== null}
          className="inline-flex items-center rounded-md bg-accent px-5 py-2.5 text-sm font-semibold text-surface hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60"
        >
          {phase.kind === "uploading" ? "Uploading…" : phase.kind === "processing" ? "Validating…" : phase.kind === "accepted" ? "Accepted" : "Submit for scoring"}
        </button>
        <p className="text-[0.8125rem] text-fg-muted">The file is validated as it uploads; nothing is stored if it is refused.</p>
      </div>
    </form>
  );
}

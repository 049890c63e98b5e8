import { useState, type DragEvent, type RefObject } from "react";
import type { SubmitFormDeclaration } from "@/lib/benchmarks/types";
import { ProgressBar } from "../progress-bar";
import { fieldsetCls, formatBytes, legendCls } from "./styles";

type UploadProgress = { phase: "uploading" | "processing" | "accepted"; value: number; max: number };

/** "Prediction file": a drop zone around the file input, the chosen file or what is wrong with it, and the upload's progress. */
export function FileDrop({
  id,
  busy,
  files,
  file,
  fileError,
  fileInputRef,
  accepts,
  onChoose,
  onTooMany,
  progress,
}: {
  id: string;
  busy: boolean;
  /** what the chosen benchmark takes */
  files: SubmitFormDeclaration["files"];
  file: File | null;
  fileError: string | null;
  fileInputRef: RefObject<HTMLInputElement | null>;
  accepts(name: string): boolean;
  onChoose(file: File | null): void;
  onTooMany(): void;
  progress: UploadProgress | null;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    const dropped = event.dataTransfer.files;
    if (dropped.length > 1) {
      onTooMany();
      return;
    }
    const first = dropped[0] ?? null;
    // Mirror the drop into the file input, so what it shows and what is sent agree.
    if (first && fileInputRef.current && accepts(first.name)) {
      try {
        fileInputRef.current.files = dropped;
      } catch {
        // some browsers refuse; the state still holds the file
      }
    }
    onChoose(first);
  };
  return (
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
          Prediction file ({files.kinds})
        </label>
        <input
          ref={fileInputRef}
          id={`${id}-file`}
          name="file"
          type="file"
          accept={files.accept}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${id}-file-status`}
          onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
          className="block max-w-full text-sm text-fg-muted file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-line-strong file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-fg hover:file:bg-surface-hover"
        />
        <p id={`${id}-file-status`} className={fileError ? "text-sm font-medium text-red-700 dark:text-red-300" : "text-[0.8125rem] text-fg-muted"}>
          {fileError ??
            (file ? (
              <>
                Selected <strong className="font-medium break-all text-fg">{file.name}</strong> ({formatBytes(file.size)})
              </>
            ) : (
              files.hint
            ))}
        </p>
      </div>

      {progress ? (
        <ProgressBar
          className="mt-4"
          label={
            progress.phase === "uploading" ? "Uploading" : progress.phase === "accepted" ? "Uploaded, opening the status page" : "Uploaded, validating on the server"
          }
          value={progress.value}
          max={progress.max}
          valueText={
            progress.phase === "uploading"
              ? `${Math.floor((progress.value / Math.max(progress.max, 1)) * 100)}% · ${formatBytes(progress.value)} of ${formatBytes(progress.max)}`
              : "100%"
          }
        />
      ) : null}
    </fieldset>
  );
}

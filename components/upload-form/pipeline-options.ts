import type { PipelineBenchmark } from "@/lib/benchmarks/types";
import type { UploadBenchmarkOption, UploadPipelineOption, UploadTrackOption } from "./options";

/**
 * The submit form's props for the pipeline benchmarks, from their `submitForm` declarations (pure: the page reads
 * the registry and the stored data versions). A stored version belongs to the pipeline that declares it, else to
 * `fallback` (the benchmark at "/", which owns every imported release); versions of no pipeline are left out.
 */
export function pipelineUploadOptions(
  pipelines: readonly PipelineBenchmark[],
  versions: readonly { slug: string; name: string }[],
  fallback: PipelineBenchmark | null = pipelines[0] ?? null,
): { pipelines: UploadPipelineOption[]; tracks: UploadTrackOption[]; benchmarks: UploadBenchmarkOption[] } {
  const ownerOf = (slug: string) => pipelines.find((p) => p.id === slug || p.pipeline.dataVersions.includes(slug)) ?? fallback;
  const benchmarks = versions.flatMap((v) => {
    const owner = ownerOf(v.slug);
    return owner ? [{ slug: v.slug, label: owner.submitForm.versionLabel?.(v.slug, v.name) ?? v.name, pipeline: owner.id }] : [];
  });
  return {
    pipelines: pipelines.map((p) => ({
      id: p.id,
      groups: p.submitForm.groups.map((g) => ({ id: g.id, label: g.label, rowFormat: g.rowFormat })),
      files: p.submitForm.files,
      inputs: p.pipeline.inputsAnswer !== undefined,
    })),
    tracks: pipelines.flatMap((p) => p.submitForm.groups.flatMap((g) => g.tracks.map((t) => ({ ...t, task: g.id, pipeline: p.id })))),
    benchmarks,
  };
}

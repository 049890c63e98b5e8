import { capabilitiesOf } from "@/lib/benchmarks/hosted-capabilities";
import type { Benchmark } from "@/lib/benchmarks/types";
import type { UploadBenchmarkOption, UploadPipelineOption, UploadTrackOption } from "./options";

/**
 * The submit form's props for the benchmarks that declare a submit form of their own (`submitForm`; pure: the page
 * reads the registry and the stored data versions). A stored version belongs to the benchmark that declares it,
 * else to `fallback` (the benchmark at "/", which owns every imported release); versions of none are left out.
 */
export function pipelineUploadOptions(
  hosted: readonly Benchmark[],
  versions: readonly { slug: string; name: string }[],
  fallback: Benchmark | null = hosted[0] ?? null,
): { pipelines: UploadPipelineOption[]; tracks: UploadTrackOption[]; benchmarks: UploadBenchmarkOption[] } {
  const withForm = hosted.flatMap((b) => (b.submitForm ? [{ benchmark: b, form: b.submitForm }] : []));
  const owner = (slug: string) => withForm.find((p) => capabilitiesOf(p.benchmark).names.includes(slug))?.benchmark ?? fallback;
  const ownerOf = (slug: string) => withForm.find((p) => p.benchmark === owner(slug));
  const benchmarks = versions.flatMap((v) => {
    const owner = ownerOf(v.slug);
    return owner ? [{ slug: v.slug, label: owner.form.versionLabel?.(v.slug, v.name) ?? v.name, pipeline: owner.benchmark.id }] : [];
  });
  return {
    pipelines: withForm.map(({ benchmark, form }) => ({
      id: benchmark.id,
      groups: form.groups.map((g) => ({ id: g.id, label: g.label, rowFormat: g.rowFormat })),
      files: form.files,
      inputs: capabilitiesOf(benchmark).servesInputs,
    })),
    tracks: withForm.flatMap(({ benchmark, form }) => form.groups.flatMap((g) => g.tracks.map((t) => ({ ...t, task: g.id, pipeline: benchmark.id })))),
    benchmarks,
  };
}

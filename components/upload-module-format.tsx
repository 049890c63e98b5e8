import type { UploadModuleOption, UploadModuleTrack } from "@/lib/benchmarks/types-submit-form";
import { FormatBox } from "./upload-form/format-box";
import { MODULE_FILES } from "./upload-form/options";

/** The row format of a module's track: what a row is, its columns and one example line. */
export function UploadModuleFormat({ module, track, headingId }: { module: UploadModuleOption; track: UploadModuleTrack; headingId: string }) {
  return <FormatBox headingId={headingId} title={`${module.title} · ${track.title}`} rowFormat={track.rowFormat} filesNote={MODULE_FILES.note} />;
}

/** Said before any upload: the chosen track has no evaluation data on this server, and what would fix it. */
export function MissingDataNotice({ missing }: { missing: string | null }) {
  if (missing === null) return null;
  return (
    <p role="status" data-testid="missing-data-notice" className="rounded-md border border-tier-reported-line bg-tier-reported-bg p-3 text-sm text-tier-reported-fg">
      <span className="font-semibold">This track cannot take an upload yet.</span> {missing}
    </p>
  );
}

import { trackSlug, type TrackId } from "@/lib/benchmarks/alpsbench/track-ids";

/** A scope's download sizes in bytes; null: not known on this server yet (the file is not built, the body never sent whole). */
type InputsSize = { plain: number | null; gzip: number | null; compact: number | null };
/** By inputsSizeKey (a plain object: it is a page's props). */
export type InputsSizes = Record<string, InputsSize>;

/** `task3-d1000|dev`, `task3-d1000|full` */
export const inputsSizeKey = (track: TrackId, split: string | null) => `${trackSlug(track)}|${split ?? "full"}`;

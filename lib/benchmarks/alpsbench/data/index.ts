/** lib/datasets: readers for the packets and release layouts, the split rule, the demo set. */
export { DatasetError, type DatasetErrorCode } from "./errors";
export * from "./normalized-instance";
export { readPacketsLayout, listPacketFiles, TASK4_RECORDS_FILE, type ReadPacketsOptions } from "./read-packets-layout";
export { readReleaseLayout, MODEL_INPUT_FILE, REFERENCE_OUTPUT_FILE } from "./read-release-layout";
export { SPLIT_SALT, SPLIT_WEIGHTS, assignSplits, splitHash, splitMembership, splitSizes, withOfficialSplits } from "./split";
export { exportPredictionsFromPackets, resolvePacketModelName, PACKET_MODEL_ALIASES, type ExportedPredictionRow } from "./export-predictions";
export { getDemoDataset, DEMO_NOTICE, DEMO_SEED, type DemoDataset, type DemoSystem } from "./demo";
export { goldLeaks } from "./gold-leaks";

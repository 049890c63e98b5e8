/**
 * The start of a download's file name: the data version, said once. `alpsbench-v1-task1-dev-inputs.jsonl` (it
 * was `alpsbench-alpsbench-v1-…`), `alpsbench-demo-task2-test-inputs.jsonl`.
 */
export function downloadStem(dataVersion: string): string {
  return dataVersion.startsWith("alpsbench") ? dataVersion : `alpsbench-${dataVersion}`;
}

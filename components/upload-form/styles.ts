/** The upload form's shared class names (one look for every field of its pieces). */
export const inputCls =
  "mt-1 block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-[0.9375rem] text-fg placeholder:text-fg-subtle focus:border-accent";
export const labelCls = "block text-sm font-medium text-fg";
export const hintCls = "mt-1 text-[0.8125rem] text-fg-muted";
export const fieldsetCls = "min-w-0 rounded-lg border border-line bg-surface p-4 sm:p-5";
export const legendCls = "px-1 text-base font-semibold text-fg";

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

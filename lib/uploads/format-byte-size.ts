/** "200 MB", "1 GB", "512 KB": binary units, as the limits are configured. */
export function formatByteSize(bytes: number): string {
  if (!Number.isFinite(bytes)) return "unlimited";
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, "");
  return `${shown} ${units[unit]}`;
}

import { db } from "@/lib/db/client";
import { importBannerText, readImportStatus } from "@/lib/db/queries/import-status";

/**
 * Shown on every page while `npm start` imports data beside the running site. Rendered on the server: the status
 * table's trigger bumps the leaderboard version, so a cached page never outlives its banner (docs/running.md).
 */
export async function ImportBanner() {
  // an unreadable status (the database away for a moment) shows no banner rather than failing the page
  const status = await readImportStatus(db()).catch(() => null);
  if (!status) return null;
  return (
    <div role="status" data-import-banner className="border-b border-line bg-surface px-4 py-2 text-center text-sm text-fg-muted">
      {importBannerText(status)}
    </div>
  );
}

import { errorStatus } from "@/lib/http/error-response";
import { UploadBudget } from "@/lib/uploads/upload-budget";
import { peekRateLimit, takeRateLimitPoint, tooManyRequests, type RateLimitDecision } from "./rate-limit";

/**
 * A refused upload stores nothing and does not count against the daily submission limits, but the server read
 * and decompressed it: that work is charged to the uploader here, in the `upload_work` bucket
 * (RATE_LIMIT_REFUSED_UPLOAD_MB_PER_HOUR, lib/security/rate-limit.ts). A refusal costs 1 point plus one per MiB
 * it made the server read or decompress (UploadBudget.workBytes, every nesting level), so correcting a file a few
 * times costs next to nothing while repeating a refused bomb empties the bucket and the next upload gets 429
 * before a byte of it is read. Accepted uploads are not charged (the daily limits count them).
 */

const MIB = 1024 * 1024;

/** HTTP statuses of a refusal the uploader's bytes caused (bad body or archive, too large, refused file). */
const REFUSED_STATUSES = new Set([400, 413, 415, 422]);

function keyOf(userId: string): string {
  return `user:${userId}`;
}

export function refusedWorkPoints(budget: Pick<UploadBudget, "workBytes">): number {
  return 1 + Math.floor(budget.workBytes / MIB);
}

function isChargedRefusal(status: number): boolean {
  return REFUSED_STATUSES.has(status);
}

/** Whether the uploader's refused-upload work still has room (checked before reading the body). */
function uploadWorkAllowed(userId: string): Promise<RateLimitDecision> {
  return peekRateLimit("upload_work", keyOf(userId));
}

/** Charges a refused upload's work to its uploader; the answer says whether the bucket is now empty. */
function chargeRefusedUpload(userId: string, budget: Pick<UploadBudget, "workBytes">): Promise<RateLimitDecision> {
  return takeRateLimitPoint("upload_work", keyOf(userId), refusedWorkPoints(budget));
}

/**
 * An upload request of an authenticated user, with its work accounted: refused with 429 (nothing read) when the
 * user's refused uploads have used up their hour, else `run` with the request's one decompressed-bytes budget
 * (shared by an archive and every file inside it), and a refusal's work charged afterwards, whether `run` answered
 * it or threw it (the route's wrapper answers the throw with the status errorStatus reads).
 */
export async function chargedUpload(userId: string, maxDecompressedBytes: number, run: (budget: UploadBudget) => Promise<Response>): Promise<Response> {
  const allowed = await uploadWorkAllowed(userId);
  if (!allowed.ok) return tooManyRequests("upload_work", allowed);
  const budget = new UploadBudget(maxDecompressedBytes);
  let response: Response;
  try {
    response = await run(budget);
  } catch (error) {
    await chargeIfRefused(userId, budget, errorStatus(error));
    throw error;
  }
  await chargeIfRefused(userId, budget, response.status);
  return response;
}

async function chargeIfRefused(userId: string, budget: UploadBudget, status: number): Promise<void> {
  if (!isChargedRefusal(status)) return;
  try {
    await chargeRefusedUpload(userId, budget);
  } catch (error) {
    // the refusal stands whatever the limit's store says
    console.error("charging a refused upload's work failed", error);
  }
}

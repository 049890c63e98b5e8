/**
 * The work one upload request may make the server do, shared by every reader the request goes through: the
 * archive reader (lib/archives/read-archive.ts), the prediction-file parser (lib/uploads/parse-prediction-stream.ts)
 * and the module table reader (lib/uploads/read-upload-rows.ts).
 *
 * `decompressedBytes` counts the bytes every decompression produced, at every nesting level: a zip entry's
 * inflated bytes AND, when that entry is itself gzip, the bytes its gunzip gives. So three 1 MB `.jsonl.gz` files
 * of 1 GB of newlines inside one archive stop at the request's limit once, not at the limit per file.
 *
 * `receivedBytes` + `decompressedBytes` is the work done; a refused upload is charged that work against its
 * uploader (lib/security/upload-work.ts), so repeating a refused bomb is throttled.
 */
export class UploadBudget {
  /** bytes produced by decompression (any level) */
  decompressedBytes = 0;
  /** bytes of the request body read */
  receivedBytes = 0;

  constructor(readonly maxDecompressedBytes: number) {
    if (!(maxDecompressedBytes >= 0)) throw new RangeError(`UploadBudget: maxDecompressedBytes must be >= 0, got ${String(maxDecompressedBytes)}`);
  }

  /** Counts `bytes` more decompressed bytes; false once the request's total is past the limit (the caller stops reading). */
  take(bytes: number): boolean {
    this.decompressedBytes += bytes;
    return this.decompressedBytes <= this.maxDecompressedBytes;
  }

  get exhausted(): boolean {
    return this.decompressedBytes > this.maxDecompressedBytes;
  }

  /** the bytes read and produced so far: what a refusal is charged */
  get workBytes(): number {
    return this.receivedBytes + this.decompressedBytes;
  }
}

/** The refusal sentence when a request's decompressed bytes pass the limit. */
export function budgetExceededMessage(budget: UploadBudget, size: (bytes: number) => string): string {
  return `The upload decompresses to more than ${size(budget.maxDecompressedBytes)} in total (an archive and the compressed files inside it count together), the limit for uncompressed content; reading stopped there.`;
}

import { acceptedCoverage, type Refusal, refusalFrom, SuccessBody } from "./refusal";

/** What happens to an upload in flight, as the form shows it. */
export type UploadEvent =
  | { kind: "uploading"; loaded: number; total: number }
  | { kind: "processing" }
  /** id: the page to follow it on; coverage: its partial coverage in words (null: every instance has a row) */
  | { kind: "accepted"; id: string; coverage: string | null }
  | { kind: "refused"; refusal: Refusal }
  | { kind: "network-error" };

/**
 * Posts the multipart form and reports each step. XMLHttpRequest, not fetch: only XHR reports upload progress.
 * An Idempotency-Key makes a retried request one upload.
 */
export function sendUpload(endpoint: string, data: FormData, fileSize: number, report: (event: UploadEvent) => void): void {
  const xhr = new XMLHttpRequest();
  xhr.open("POST", endpoint);
  xhr.setRequestHeader("Accept", "application/json");
  xhr.setRequestHeader("Idempotency-Key", crypto.randomUUID());
  xhr.upload.onprogress = (e) => {
    const total = e.lengthComputable ? e.total : fileSize;
    report({ kind: "uploading", loaded: Math.min(e.loaded, total), total });
  };
  xhr.upload.onload = () => report({ kind: "processing" });
  xhr.onerror = () => report({ kind: "network-error" });
  xhr.onload = () => {
    if (xhr.status < 200 || xhr.status >= 300) {
      report({ kind: "refused", refusal: refusalFrom(xhr.status, xhr.responseText) });
      return;
    }
    let json: unknown = null;
    try {
      json = JSON.parse(xhr.responseText);
    } catch {
      // handled below
    }
    const parsed = SuccessBody.safeParse(json);
    if (parsed.success) {
      report({ kind: "accepted", id: parsed.data, coverage: acceptedCoverage(json) });
      return;
    }
    report({
      kind: "refused",
      refusal: {
        status: xhr.status,
        message: "The server accepted the upload but did not say where to follow it.",
        problems: [],
        problemsTotal: 0,
        coverage: null,
      },
    });
  };
  report({ kind: "uploading", loaded: 0, total: fileSize });
  xhr.send(data);
}

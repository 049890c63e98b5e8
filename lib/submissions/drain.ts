/** Drains an upload body we will not read (a refusal, an idempotent retry), so the client's request completes. */
export async function drain(body: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _chunk of body) {
    // discard
  }
}

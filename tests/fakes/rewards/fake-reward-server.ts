import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ScoreRequest } from "@/lib/rewards/protocol";

/**
 * A local reward service speaking lib/rewards/protocol.ts (127.0.0.1, random port), for tests. Scores are
 * deterministic: fakeRewardScore(model, revision, prompt, response), so a test can compute the expected figures.
 * It can fail its first `failFirst` requests with 503, hold each answer `delayMs` (so concurrency shows), and
 * records requests, bodies and the most requests in flight at once.
 */
export type FakeRewardServer = {
  baseURL: string;
  readonly requests: number;
  readonly peakInFlight: number;
  readonly bodies: ScoreRequest[];
  readonly authorizations: (string | undefined)[];
  /** fail the next n requests with 503 */
  failNext(n: number): void;
  /** answer n more requests, then fail every one with 503 (null: stop failing) */
  failAfter(n: number | null): void;
  close(): Promise<void>;
};

/** A raw reward in [-4, 8) from a hash of the model and text: different per model, stable per text. */
export function fakeRewardScore(model: string, revision: string, prompt: string, response: string): number {
  const digest = createHash("sha256")
    .update(JSON.stringify([model, revision, prompt, response]))
    .digest();
  return -4 + (digest.readUInt32BE(0) / 2 ** 32) * 12;
}

export async function startFakeRewardServer(options: { delayMs?: number; failFirst?: number } = {}): Promise<FakeRewardServer> {
  let requests = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  let failing = options.failFirst ?? 0;
  let answersLeft: number | null = null;
  const bodies: ScoreRequest[] = [];
  const authorizations: (string | undefined)[] = [];

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests += 1;
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
      authorizations.push(req.headers.authorization);
      const answer = () => {
        inFlight -= 1;
        if (req.method !== "POST" || req.url !== "/score") return reply(res, 404, { error: "not found" });
        if (failing > 0 || answersLeft === 0) {
          if (failing > 0) failing -= 1;
          return reply(res, 503, { error: "warming up" });
        }
        if (answersLeft !== null) answersLeft -= 1;
        let parsed;
        try {
          parsed = ScoreRequest.safeParse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        } catch {
          return reply(res, 400, { error: "not JSON" });
        }
        if (!parsed.success) return reply(res, 400, { error: parsed.error.issues[0]?.message });
        const body = parsed.data;
        bodies.push(body);
        reply(res, 200, { scores: body.texts.map((t) => fakeRewardScore(body.model, body.revision, t.prompt, t.response)) });
      };
      setTimeout(answer, options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    get peakInFlight() {
      return peakInFlight;
    },
    bodies,
    authorizations,
    failNext(n: number) {
      failing = n;
    },
    failAfter(n: number | null) {
      answersLeft = n;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local OpenAI-compatible chat-completions server for tests and the throughput benchmark
 * (127.0.0.1, random port). Each request is answered by `handler`, which can reply normally, with an
 * HTTP error, never (hang), with headers and then a stalled body, or with arbitrary bytes.
 */
export type FakeReply =
  | {
      kind: "ok";
      content: string | null;
      promptTokens?: number;
      completionTokens?: number;
      /** omit usage from the response entirely */
      noUsage?: boolean;
      model?: string;
      finishReason?: string;
      delayMs?: number;
    }
  | { kind: "status"; status: number; headers?: Record<string, string>; body?: string; delayMs?: number }
  /** accept the request and never answer */
  | { kind: "hang" }
  /** send 200 headers and half a body, then stall */
  | { kind: "stall_body" }
  | { kind: "raw"; status?: number; contentType: string; body: string };

type FakeRequest = { index: number; body: unknown };

export type FakeChatServer = {
  /** e.g. http://127.0.0.1:41234/v1 */
  baseURL: string;
  /** requests received so far */
  readonly requests: number;
  /** the most requests handled at once */
  readonly peakInFlight: number;
  readonly bodies: unknown[];
  close(): Promise<void>;
};

export async function startFakeChatServer(handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>): Promise<FakeChatServer> {
  let requests = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  const bodies: unknown[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const index = requests;
      requests += 1;
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
      let done = false;
      const finish = () => {
        if (!done) {
          done = true;
          inFlight -= 1;
        }
      };
      res.on("close", finish);
      const body = parseBody(Buffer.concat(chunks).toString("utf8"));
      bodies.push(body);
      void Promise.resolve(handler({ index, body })).then(async (reply) => {
        if ("delayMs" in reply && reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        respond(res, reply, body);
        if (reply.kind !== "hang" && reply.kind !== "stall_body") res.on("finish", finish);
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return requests;
    },
    get peakInFlight() {
      return peakInFlight;
    },
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function respond(res: ServerResponse, reply: FakeReply, requestBody: unknown): void {
  switch (reply.kind) {
    case "hang":
      return;
    case "stall_body":
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"id":"chatcmpl-stall","choices":[');
      return;
    case "raw":
      res.writeHead(reply.status ?? 200, { "content-type": reply.contentType });
      res.end(reply.body);
      return;
    case "status":
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      res.end(reply.body ?? JSON.stringify({ error: { message: `status ${reply.status}`, type: "fake" } }));
      return;
    case "ok": {
      const asked = (requestBody as { model?: unknown } | null)?.model;
      const promptTokens = reply.promptTokens ?? 10;
      const completionTokens = reply.completionTokens ?? 5;
      const payload = {
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: reply.model ?? (typeof asked === "string" ? asked : "fake-model"),
        choices: [{ index: 0, message: { role: "assistant", content: reply.content }, finish_reason: reply.finishReason ?? "stop" }],
        ...(reply.noUsage ? {} : { usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens } }),
      };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
      return;
    }
  }
}

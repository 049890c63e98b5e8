#!/usr/bin/env tsx
/**
 * `npm run web`: one web server (the production build; `--dev` for `next dev`). Run as many as you like against
 * one database: rate limits, sessions, the queue and the page cache's version all live in PostgreSQL.
 * Database: DATABASE_URL, else the running `npm start`'s embedded PostgreSQL, else a newly started embedded one
 * (lib/db/cli-database.ts). Listens on HOST:PORT (127.0.0.1:3000 by default: put a reverse proxy in front, or
 * set HOST=0.0.0.0 to listen on every interface).
 *
 * Why our own server around Next instead of `next start`: Next fills X-Forwarded-For from the socket only when
 * the client sent none, so a client could pick the address every per-address limit counts. This server appends
 * the socket's peer address to the header, as a proxy does, and lib/security/client-address.ts reads it
 * TRUSTED_PROXY_HOPS entries from the right.
 */
import { createServer } from "node:http";
import next from "next";
import { databaseForCli } from "../lib/db/cli-database";
import { startupErrorText } from "../lib/db/embedded-postgres";
import { env } from "../lib/env";
import { appendForwardedFor } from "../lib/security/client-address";
import { answeredEarly } from "../lib/page-cache/early-hit";
import { answerClientErrors } from "../lib/security/client-error";
import { closeWhenAnsweredUnread } from "../lib/http/close-unread-request";
import { sanitizeForwardedHeaders } from "../lib/security/forwarded-headers";
import { requestTargetProblem, splitTarget } from "../lib/security/request-target";
import { buildIfNeeded, ROOT } from "./lib/next-build";
import { ApiError, apiErrorBody } from "@/lib/http/api-error";

const dev = process.argv.includes("--dev");
const log = (line: string) => process.stderr.write(`${new Date().toISOString()} [web ${process.pid}] ${line}\n`);

async function main(): Promise<void> {
  const config = env();
  const database = await databaseForCli(log);
  // Next's bundles read the environment on their own (each has its own copy of lib/env.ts).
  process.env.DATABASE_URL = database.url;
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  if (!dev) await buildIfNeeded(log);
  const app = next({ dev, dir: ROOT, hostname: config.HOST, port: config.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createServer((request, response) => {
    // a refused upload's unread body: the connection ends after the answer instead of hanging its next request
    closeWhenAnsweredUnread(request, response);
    request.headers["x-forwarded-for"] = appendForwardedFor(request.headers["x-forwarded-for"], request.socket.remoteAddress);
    // the URL as sent, before Next parses it (Next drops a "__proto__" query key; the upload route is not behind proxy.ts)
    const problem = requestTargetProblem(...splitTarget(request.url ?? "/"));
    if (problem) {
      const api = (request.url ?? "").startsWith("/api/");
      response
        .writeHead(400, { "content-type": api ? "application/json" : "text/plain; charset=utf-8" })
        .end(api ? JSON.stringify(apiErrorBody(new ApiError("bad_request", problem))) : `400 Bad Request: ${problem}\n`);
      return;
    }
    // client-written X-Forwarded-Host/-Proto made next-auth build an invalid URL (500) or another site's URL
    if (!sanitizeForwardedHeaders(request.headers, config.TRUSTED_PROXY_HOPS)) {
      response.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("400 Bad Request: the Host header names no site.\n");
      return;
    }
    // a second, client-written address header nobody should read
    delete request.headers["x-real-ip"];
    // a page cache hit is answered here, without Next's routing (lib/page-cache/early-hit.ts)
    answeredEarly(request, response).then(
      (answered) => {
        if (!answered) void handle(request, response);
      },
      () => void handle(request, response),
    );
  });
  server.keepAliveTimeout = 65_000;
  // an oversized request line or headers: a 431 the client can read, not a reset connection
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  log(
    `listening on http://${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${config.PORT} (${dev ? "development" : "production"}; trusting ${config.TRUSTED_PROXY_HOPS} proxy hop(s) of X-Forwarded-For)`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log(`${signal}: closing`);
    // answers in flight finish; idle keep-alive sockets are closed; a hung one does not hold the exit
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
    void closed
      .then(() => app.close())
      .catch(() => {})
      .then(() => database.close())
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  log(startupErrorText(error));
  process.exit(1);
});

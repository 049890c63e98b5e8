/**
 * `scripts/bench/pages.ts --visitors`: each page as the kinds of request the page cache must answer alike
 * (docs/page-cache.md) — a visitor, a made-up session cookie, a real session, a random query string on every request
 * — and a static file of the same server for scale, at each number of connections, in one run; with `proxyBase`, a
 * visitor of the same page behind nginx's proxy_cache too (scripts/lib/nginx-proxy.ts); with `savedBase`, the page's
 * own HTML served by a minimal static server as well, so a page larger than the script is also compared with its
 * own bytes (a 180 KB page cannot be sent as often as a 30 KB script by any server). A real session is a Session
 * row written into the bench database, as a completed sign-in leaves one.
 */
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";

type Kind = { name: string; headers?: Record<string, string>; randomQuery?: boolean; base?: string };
type Figures = { rps: number; p50: number; p99: number; notOk: number };

/** A user and a live session in the bench database: the cookie a signed-in researcher's browser sends. */
async function benchSessionCookie(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const id = `bench-user-${randomBytes(6).toString("hex")}`;
    await client.query(`INSERT INTO "User" ("id", "email", "role") VALUES ($1, $2, 'user')`, [id, `${id}@bench.invalid`]);
    const token = randomBytes(32).toString("base64url");
    await client.query(`INSERT INTO "Session" ("id", "sessionToken", "userId", "expires") VALUES ($1, $2, $3, now() + interval '1 day')`, [
      `bench-session-${randomBytes(6).toString("hex")}`,
      token,
      id,
    ]);
    return `authjs.session-token=${token}`;
  } finally {
    await client.end();
  }
}

async function run(url: string, connections: number, duration: number, kind: Kind): Promise<Figures> {
  const times: number[] = [];
  let notOk = 0;
  let counter = 0;
  const options: autocannon.Options = { url, connections, duration, timeout: 60, headers: kind.headers };
  if (kind.randomQuery) {
    const target = new URL(url);
    options.requests = [
      {
        setupRequest: (request) => {
          const separator = target.search ? "&" : "?";
          return { ...request, path: `${target.pathname}${target.search}${separator}x=${Date.now().toString(36)}${(counter++).toString(36)}` };
        },
      },
    ];
  }
  // warm-up, not counted (autocannon refuses a duration key that is present but undefined)
  const { duration: _counted, ...warmUp } = options;
  await autocannon({ ...warmUp, amount: connections * 2 });
  const instance = autocannon(options) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (statusCode !== 200) notOk++;
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const at = (p: number) => (times.length ? times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]! : Number.NaN);
  return { rps: times.length / (result.duration || duration), p50: at(50), p99: at(99), notOk: notOk + result.errors + result.timeouts };
}

/** A /_next/static script the first page loads: the static file every page's figures are compared with. */
async function staticFileOf(base: string, page: string): Promise<string> {
  const html = await (await fetch(`${base}${page}`)).text();
  const src = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error(`${page} loads no /_next/static script`);
  return src;
}

export async function measureVisitorKinds(
  base: string,
  paths: readonly string[],
  options: { databaseUrl: string; connections: readonly number[]; duration: number; proxyBase?: string; savedBase?: string },
): Promise<string> {
  const session = await benchSessionCookie(options.databaseUrl);
  const kinds: Kind[] = [
    { name: "visitor" },
    { name: "made-up cookie", headers: { cookie: `authjs.session-token=bogus-${randomBytes(8).toString("hex")}` } },
    { name: "real session", headers: { cookie: session } },
    { name: "random query", randomQuery: true },
    ...(options.proxyBase ? [{ name: "behind nginx", base: options.proxyBase }] : []),
  ];
  // the kinds the page cache must answer alike (within 2x of the visitor); nginx is compared with the static file
  const sameCache = kinds.filter((k) => !k.base);
  const file = await staticFileOf(base, paths[0]!);
  const width = Math.max(...paths.map((p) => p.length), file.length);
  const lines = [`${"page".padEnd(width)} conns  ${kinds.map((k) => `${k.name} req/s (p99 ms)`.padStart(30)).join("")}  worst/visitor`];
  for (const connections of options.connections) {
    const staticRun = await run(`${base}${file}`, connections, options.duration, { name: "static" });
    lines.push(
      `${file.padEnd(width)} ${String(connections).padStart(5)}  ${`${staticRun.rps.toFixed(0)} (${staticRun.p99.toFixed(0)})`.padStart(30)}  (static file)`,
    );
    for (const page of paths) {
      const figures: Figures[] = [];
      for (const kind of kinds) figures.push(await run(`${kind.base ?? base}${page}`, connections, options.duration, kind));
      const worst = Math.min(...figures.slice(0, sameCache.length).map((f) => f.rps)) / figures[0]!.rps;
      const proxied = options.proxyBase ? ` | nginx/static ${(figures[sameCache.length]!.rps / staticRun.rps).toFixed(2)}` : "";
      const saved = options.savedBase ? await run(`${options.savedBase}${page}`, connections, options.duration, { name: "saved" }) : null;
      const own = saved
        ? ` | saved page ${saved.rps.toFixed(0)} req/s: visitor/saved ${(figures[0]!.rps / saved.rps).toFixed(2)}` +
          (options.proxyBase ? `, nginx/saved ${(figures[sameCache.length]!.rps / saved.rps).toFixed(2)}` : "")
        : "";
      const errors = figures.reduce((n, f) => n + f.notOk, 0);
      lines.push(
        `${page.padEnd(width)} ${String(connections).padStart(5)}  ${figures.map((f) => `${f.rps.toFixed(0)} (${f.p99.toFixed(0)})`.padStart(30)).join("")}  ${worst.toFixed(2)}` +
          ` | visitor/static ${(figures[0]!.rps / staticRun.rps).toFixed(2)}${proxied}${own}${errors ? ` | ${errors} non-200/errors` : ""}`,
      );
    }
  }
  return lines.join("\n");
}

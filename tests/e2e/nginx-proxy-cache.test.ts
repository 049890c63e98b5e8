import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { freePort } from "@/lib/db/embedded-postgres";
import { waitFor } from "./app-processes";
import { sessionCookieHeader } from "./sign-in";
import { createTokenViaCli, demoTask1Predictions, e2eDb, uploadMultipart, waitUntilFinished } from "./submissions-helpers";

/**
 * The site behind a standard reverse proxy: Debian's nginx (apt-get install nginx; .ci/run installs it) with its
 * proxy_cache, configured only by what the pages' own headers say (Cache-Control, ETag, Vary): it keeps the public
 * pages (hits), shows a new scored upload once the page's s-maxage has passed, and never keeps a private page.
 */

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate));
const upstream = new URL(inject("baseUrl"));
const databaseUrl = inject("e2eDatabaseUrl");
const tag = Date.now().toString(36);

/** the shared caches' lifetime of a cached page (lib/page-cache/cacheable-pages.ts cacheControlOf) */
function sMaxAge(cacheControl: string | null): number {
  const seconds = /s-maxage=(\d+)/.exec(cacheControl ?? "")?.[1];
  expect(seconds, `s-maxage in ${cacheControl}`).toBeDefined();
  return Number(seconds);
}

function config(dir: string, port: number): string {
  // as root nginx's workers would run as nobody, who cannot write the cache in this process's temporary folder
  return `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=pages:10m max_size=256m inactive=10m use_temp_path=off;
  upstream site { server ${upstream.host}; keepalive 16; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_cache pages;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_background_update on;
      proxy_cache_use_stale error timeout updating http_502 http_503 http_504;
      add_header X-Proxy-Cache $upstream_cache_status always;
    }
  }
}
`;
}

describe.skipIf(!NGINX)("behind nginx's proxy_cache", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "nginx-e2e-"));
  let nginx: ChildProcess | null = null;
  let baseUrl = "";

  async function get(url: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${baseUrl}${url}`, { headers });
    return {
      status: response.status,
      proxy: response.headers.get("x-proxy-cache"),
      cacheControl: response.headers.get("cache-control"),
      body: await response.text(),
    };
  }

  beforeAll(async () => {
    for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi", "cache"]) mkdirSync(path.join(dir, sub));
    const port = await freePort();
    writeFileSync(path.join(dir, "nginx.conf"), config(dir, port));
    const check = spawnSync(NGINX!, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(NGINX!, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
    baseUrl = `http://127.0.0.1:${port}`;
    await waitFor("nginx to answer", async () => (await fetch(`${baseUrl}/about`)).status === 200, 20_000);
  });

  afterAll(() => {
    nginx?.kill("SIGTERM");
    const errors = existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
    rmSync(dir, { recursive: true, force: true });
    if (/\[(?:crit|alert|emerg)\]/.test(errors)) throw new Error(`nginx logged:\n${errors}`);
  });

  test("a public page is kept: the second request is nginx's hit, the same page", async () => {
    const url = `/tasks/task2?pin=nginx-${tag}`;
    const first = await get(url);
    expect(first.status).toBe(200);
    const second = await get(url);
    expect(second.proxy).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect((await get("/about")).proxy).toMatch(/HIT|MISS|EXPIRED|REVALIDATED|UPDATING/);
    expect((await get("/about")).proxy).toBe("HIT");
  });

  test("a new scored upload shows on the board once the page's s-maxage has passed", async () => {
    const board = "/tasks/task1?benchmark=demo&split=dev";
    await get(board);
    const kept = await get(board);
    expect(kept.proxy).toBe("HIT");
    const name = `Nginx Fresh ${tag}`;
    expect(kept.body).not.toContain(name);
    const token = await createTokenViaCli(databaseUrl, `nginx-${tag}@example.org`);
    const upload = await uploadMultipart(upstream.origin, {
      token,
      fields: { task: "task1", split: "dev", benchmark: "demo", model: name },
      file: await demoTask1Predictions(upstream.origin),
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(202);
    expect((await waitUntilFinished(upstream.origin, upload.body.id!, token, 120_000)).status).toBe("done");
    // the origin has it at once; nginx after s-maxage (stale-while-revalidate: the first request then refreshes it)
    expect(await (await fetch(`${upstream.origin}${board}`)).text()).toContain(name);
    await new Promise((resolve) => setTimeout(resolve, (sMaxAge(kept.cacheControl) + 1) * 1000));
    const shown = await waitFor(
      "nginx to show the new upload",
      async () => {
        const answer = await get(board);
        return answer.body.includes(name) && answer;
      },
      10_000,
      250,
    );
    expect(shown.status).toBe(200);
  }, 180_000);

  test("no private page is ever kept: an owner's private submission, their view of a public one, forms and the account", async () => {
    const db = e2eDb(databaseUrl);
    const owner = await sessionCookieHeader(upstream.origin, databaseUrl, { email: `nginx-owner-${tag}@example.org` });
    try {
      const system = await db.system.create({ data: { slug: `nginx-private-${tag}`, name: `Nginx Private ${tag}`, kind: "memory_system", ownerId: owner.userId } });
      const benchmarkVersion = await db.benchmarkVersion.findUniqueOrThrow({ where: { slug: "demo" } });
      const fileName = `nginx-secret-${tag}.jsonl`;
      const common = {
        systemId: system.id,
        benchmarkVersionId: benchmarkVersion.id,
        tracks: ["task1"],
        split: "full" as const,
        source: "upload" as const,
        status: "done" as const,
        ownerId: owner.userId,
        fileName,
      };
      const hidden = await db.submission.create({ data: { ...common, visibility: "private" } });
      const shown = await db.submission.create({ data: { ...common, visibility: "public", note: `nginx public ${tag}` } });
      for (const url of [`/submissions/${hidden.id}`, `/submissions/${shown.id}`, `/systems/${system.slug}`, "/submit", "/account"]) {
        for (let i = 0; i < 3; i++) {
          const mine = await get(url, { cookie: owner.cookie });
          expect(mine.status, url).toBe(200);
          expect(mine.proxy, url).not.toBe("HIT");
        }
      }
      // and a visitor never gets the owner's view from nginx's store
      expect((await get(`/submissions/${hidden.id}`)).status).toBe(404);
      for (let i = 0; i < 2; i++) {
        const visitor = await get(`/submissions/${shown.id}`);
        expect(visitor.status).toBe(200);
        expect(visitor.body).not.toContain(fileName);
      }
      expect((await get(`/submissions/${shown.id}`)).proxy).toBe("HIT");
      // the owner, after a visitor's copy is kept, still gets their own view
      const mine = await get(`/submissions/${shown.id}`, { cookie: owner.cookie });
      expect(mine.proxy).not.toBe("HIT");
      expect(mine.body).toContain(fileName);
    } finally {
      await db.system.deleteMany({ where: { slug: `nginx-private-${tag}` } });
      await db.$disconnect();
    }
  });
});

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../lib/db/embedded-postgres";
import { waitFor } from "./bench-server";

/**
 * The site behind a standard reverse proxy: Debian's nginx (`apt-get install nginx`; .ci/run installs it) with its
 * proxy_cache configured only by what the pages' own headers say (Cache-Control, ETag, Vary), as an operator would
 * put it in front of several web servers. Used by the e2e test that checks what it keeps (tests/e2e/nginx-proxy-cache.test.ts)
 * and by the pages bench (`pages.ts --visitors`). `X-Proxy-Cache` tells a hit from a miss.
 */
export const NGINX_BINARY = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate)) ?? null;

function config(dir: string, port: number, upstreamHost: string): string {
  // as root nginx's workers would run as nobody, who cannot write the cache in this process's temporary folder
  return `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=pages:10m max_size=256m inactive=10m use_temp_path=off;
  upstream site { server ${upstreamHost}; keepalive 16; }
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

/** Starts nginx in front of `upstreamHost` ("127.0.0.1:3000") on a free port; `stop` returns what it logged as crit or worse. */
export async function startNginxProxy(upstreamHost: string): Promise<{ baseUrl: string; stop(): string[] }> {
  if (!NGINX_BINARY) throw new Error("nginx is not installed: apt-get install -y nginx");
  const dir = mkdtempSync(path.join(tmpdir(), "alpsbench-nginx-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi", "cache"]) mkdirSync(path.join(dir, sub));
  const port = await freePort();
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, config(dir, port, upstreamHost));
  const check = spawnSync(NGINX_BINARY, ["-t", "-p", dir, "-c", file], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const nginx = spawn(NGINX_BINARY, ["-p", dir, "-c", file, "-g", "daemon off;"], { stdio: "ignore" });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/about`, 20_000, 100);
  return {
    baseUrl,
    stop() {
      nginx.kill("SIGTERM");
      const log = existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
      rmSync(dir, { recursive: true, force: true });
      return log.split("\n").filter((line) => /\[(?:crit|alert|emerg)\]/.test(line));
    },
  };
}

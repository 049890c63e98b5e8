import { existsSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { strFromU8, unzipSync } from "fflate";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { Db } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { testFigureSecret } from "@/lib/benchmarks/alpsbench/pipeline/test-figure-noise";
import { asActor, canary, demoTask1Ids, makeActors, removeUploads, uploadScored, type Actor, type Role } from "./security-fixtures";
import { e2eDb, ROOT } from "./submissions-helpers";

/**
 * Nothing private leaks: distinctive canary strings are planted in (a) private and hidden submissions (system
 * name, organisation, description, predicted values) and (b) the gold of the demo benchmark's TEST split; then
 * every page reachable from / (breadth first, same origin, downloads included) and every API response is
 * fetched as a visitor and as another signed-in user, and no canary may appear in any body or header.
 * Controls show the canaries are findable: the owner sees her private submission, and the scored results in
 * the database hold the gold and prediction canaries.
 */

const baseUrl = inject("baseUrl");
const databaseUrl = inject("e2eDatabaseUrl");

const CANARY = {
  privateName: canary("PRIVNAMECANARY"),
  privateOrg: canary("PRIVORGCANARY"),
  privateDescription: canary("PRIVDESCCANARY"),
  privatePrediction: canary("PRIVPREDCANARY"),
  // a PUBLIC submission's uploaded predictions: its scores are public, the file's content is not (docs/security.md)
  publicPrediction: canary("PUBPREDCANARY"),
  hiddenName: canary("HIDDENNAMECANARY"),
  gold: canary("GOLDCANARY"),
};
const ALL_CANARIES = Object.values(CANARY);

let db: Db;
let actors: Record<Role, Actor>;
const created: string[] = [];
const originalGold = new Map<string, Prisma.JsonValue>();
let publicId = "";
let privateId = "";
let hiddenId = "";
let privateSlug = "";
let hiddenSlug = "";

/** Appends the gold canary to every memory `value` in a gold document. */
function withCanary(value: Prisma.JsonValue): Prisma.JsonValue {
  if (Array.isArray(value)) return value.map(withCanary);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, key === "value" && typeof v === "string" ? `${v} ${CANARY.gold}` : withCanary(v ?? null)]),
    );
  }
  return value;
}

beforeAll(async () => {
  db = e2eDb(databaseUrl);
  // the server's secret behind the noise of uploads' test figures: with it, anyone could subtract the noise
  ALL_CANARIES.push(await testFigureSecret(db));
  const golds = await db.instanceGold.findMany({
    where: { instance: { split: "test", benchmarkVersion: { slug: "demo" } } },
    select: { instanceId: true, gold: true },
  });
  expect(golds.length).toBeGreaterThan(0);
  for (const row of golds) {
    originalGold.set(row.instanceId, row.gold);
    await db.instanceGold.update({ where: { instanceId: row.instanceId }, data: { gold: withCanary(row.gold) as Prisma.InputJsonValue } });
  }
  actors = await makeActors(baseUrl, databaseUrl, db, "leak");
  const ids = await demoTask1Ids(db);
  const token = actors.user.token!;
  // public, on every split (test included): its per-instance results must withhold the test split
  publicId = await uploadScored(baseUrl, token, { model: "Leak Crawl Public" }, ids, `Has a dog ${CANARY.publicPrediction}`);
  privateId = await uploadScored(
    baseUrl,
    token,
    { model: `${CANARY.privateName} model`, organisation: CANARY.privateOrg, description: CANARY.privateDescription, visibility: "private" },
    ids,
    CANARY.privatePrediction,
  );
  // (a file of its own: an identical file would be answered with the first submission, as a duplicate)
  hiddenId = await uploadScored(baseUrl, token, { model: `${CANARY.hiddenName} model` }, ids, "Has a cat");
  expect(new Set([publicId, privateId, hiddenId]).size).toBe(3);
  created.push(publicId, privateId, hiddenId);
  const hide = await fetch(`${baseUrl}/api/v1/submissions/${hiddenId}/moderation`, {
    method: "POST",
    headers: asActor(actors.admin, { "content-type": "application/json" }),
    body: JSON.stringify({ action: "hide", reason: "leak crawl: hidden submission" }),
  });
  expect(hide.status).toBe(200);
  const slugs = await db.submission.findMany({ where: { id: { in: [privateId, hiddenId] } }, select: { id: true, system: { select: { slug: true } } } });
  privateSlug = slugs.find((s) => s.id === privateId)!.system.slug;
  hiddenSlug = slugs.find((s) => s.id === hiddenId)!.system.slug;
}, 600_000);

afterAll(async () => {
  if (!db) return;
  for (const [instanceId, gold] of originalGold) await db.instanceGold.update({ where: { instanceId }, data: { gold: gold as Prisma.InputJsonValue } });
  await removeUploads(db, created);
  await db.$disconnect();
});

type Fetched = { url: string; status: number; contentType: string; text: string; headers: string };

// The crawl is a client of its own (its own rate-limit bucket: it sends hundreds of API requests a minute).
const CRAWLER_ADDRESS: Record<Role, string> = { visitor: "203.0.113.1", user: "203.0.113.2", other: "203.0.113.3", admin: "203.0.113.4" };

async function get(actor: Actor, url: string): Promise<Fetched> {
  const response = await fetch(url, { headers: asActor(actor, { "x-forwarded-for": CRAWLER_ADDRESS[actor.role] }), redirect: "manual" });
  const type = response.headers.get("content-type") ?? "";
  // a zip download is searched file by file, uncompressed (a canary would not show in deflated bytes)
  // and a gzip file (the inputs' .jsonl.gz) gunzipped
  const text = type.includes("application/zip")
    ? Object.entries(unzipSync(new Uint8Array(await response.arrayBuffer())))
        .map(([name, bytes]) => `${name}\n${strFromU8(bytes)}`)
        .join("\n")
    : type.includes("application/gzip")
      ? strFromU8(gunzipSync(new Uint8Array(await response.arrayBuffer())))
      : await response.text();
  const headers = [...response.headers.entries()].map(([k, v]) => `${k}: ${v}`).join("\n");
  return { url, status: response.status, contentType: response.headers.get("content-type") ?? "", text, headers };
}

/** Same-origin links of an HTML page (hrefs only: that is how a visitor finds pages and downloads). */
function linksOf(html: string, from: string): string[] {
  const out: string[] = [];
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const raw = match[1]!.replaceAll("&amp;", "&");
    try {
      const url = new URL(raw, from);
      if (url.origin !== baseUrl) continue;
      url.hash = "";
      // large real-data input downloads are the public model inputs; the demo ones stand for them
      if (url.pathname.startsWith("/api/v1/inputs/") && url.searchParams.get("benchmark") !== "demo") continue;
      if (url.pathname.startsWith("/_next/")) continue;
      out.push(url.href);
    } catch {
      // not a URL
    }
  }
  return out;
}

/** Every API answer a visitor could ask for about the public data, and direct probes of the private ids. */
function apiUrls(): string[] {
  const urls: string[] = [];
  for (const view of ["overview", "task1", "task2", "task3", "task4"]) {
    for (const benchmark of ["demo", "alpsbench-v1"]) {
      for (const split of ["all", "full", "dev", "test"]) {
        for (const format of ["json", "csv"]) urls.push(`/api/v1/leaderboards/${view}?benchmark=${benchmark}&split=${split}&format=${format}`);
      }
    }
  }
  urls.push(
    "/api/v1/queue",
    "/api/v1/inputs/task1?benchmark=demo&split=test",
    "/api/v1/inputs/task1?benchmark=demo",
    "/api/v1/inputs/task1/example?benchmark=demo&split=test",
  );
  for (const id of [publicId, privateId, hiddenId]) {
    urls.push(`/api/v1/submissions/${id}`, `/submissions/${id}`);
    for (const level of ["instance", "dimension"]) {
      for (const format of ["json", "csv"])
        urls.push(
          `/api/v1/submissions/${id}/breakdown?level=${level}&format=${format}`,
          `/api/v1/submissions/${id}/breakdown?level=${level}&format=${format}&by=label`,
        );
    }
  }
  // pages that take a system slug, probed with the private-only and hidden systems' slugs
  for (const slug of [privateSlug, hiddenSlug]) urls.push(`/systems/${slug}`, `/compare?a=${slug}&b=demo-atlas-memory`, `/compare?a=demo-atlas-memory&b=${slug}`);
  // the full export, when the site has one
  if (existsSync(path.join(ROOT, "app/api/v1/snapshot"))) {
    for (const query of ["", "?format=json", "?format=zip", "?format=json&benchmark=demo&split=all", "?format=zip&benchmark=demo&split=all"])
      urls.push(`/api/v1/snapshot${query}`);
  }
  return urls.map((u) => `${baseUrl}${u}`);
}

async function crawl(actor: Actor, maxPages: number): Promise<Fetched[]> {
  const seen = new Set<string>();
  const queue = [
    `${baseUrl}/`,
    `${baseUrl}/queue`,
    `${baseUrl}/audit`,
    `${baseUrl}/?benchmark=demo&split=all`,
    `${baseUrl}/tasks/task1?benchmark=demo&split=all`,
    ...apiUrls(),
  ];
  const fetched: Fetched[] = [];
  while (queue.length > 0 && fetched.length < maxPages) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const page = await get(actor, url);
    fetched.push(page);
    if (page.contentType.includes("text/html")) for (const link of linksOf(page.text, url)) if (!seen.has(link)) queue.push(link);
  }
  return fetched;
}

function leaks(pages: Fetched[]): string[] {
  const found: string[] = [];
  for (const page of pages) {
    for (const c of ALL_CANARIES) {
      if (page.text.includes(c) || page.headers.includes(c)) found.push(`${c} in ${page.url} (HTTP ${page.status})`);
    }
  }
  return found;
}

describe("leak crawl", () => {
  test("the canaries are planted where a leak would come from (controls)", async () => {
    // the private predictions are stored (the uploaded file), and the test gold the submissions were scored on
    const stored = await db.submission.findUniqueOrThrow({ where: { id: privateId }, select: { fileBytes: true } });
    expect(gunzipSync(stored.fileBytes!).toString("utf8")).toContain(CANARY.privatePrediction);
    const golds = await db.instanceGold.findMany({
      where: { instance: { split: "test", benchmarkVersion: { slug: "demo" }, trackId: "task1" } },
      select: { gold: true },
    });
    expect(golds.length).toBeGreaterThan(0);
    for (const g of golds) expect(JSON.stringify(g.gold)).toContain(CANARY.gold);
    const scoredTest = await db.instanceResult.count({ where: { submissionId: publicId, instance: { split: "test" } } });
    expect(scoredTest).toBe(golds.length);
    const owner = await get(actors.user, `${baseUrl}/submissions/${privateId}`);
    expect(owner.status).toBe(200);
    expect(owner.text).toContain(CANARY.privateName);
    // the owner (and admins) see the uploaded predictions of the public submission beside the gold: the page lists
    // its instances, and an opened one's matching (with the uploaded items) comes from instance-explanation
    const listed = await db.instanceResult.findFirstOrThrow({
      where: { submissionId: publicId, instance: { split: { not: "test" } } },
      select: { instance: { select: { benchmarkId: true } } },
    });
    const explanation = `${baseUrl}/api/v1/submissions/${publicId}/instance-explanation?track=task1&benchmark_id=${encodeURIComponent(listed.instance.benchmarkId)}`;
    for (const who of [actors.user, actors.admin]) expect((await get(who, explanation)).text).toContain(CANARY.publicPrediction);
    const admin = await get(actors.admin, `${baseUrl}/api/v1/submissions/${hiddenId}`);
    expect(admin.text).toContain(CANARY.hiddenName);
  });

  for (const role of ["visitor", "other"] as const) {
    test(`as ${role === "visitor" ? "a visitor" : "another signed-in user"}: no canary on any page, download or API answer`, async () => {
      const pages = await crawl(actors[role], 450);
      const ok = pages.filter((p) => p.status === 200);
      // the crawl really reached the pages where the data shows
      expect(ok.length).toBeGreaterThan(60);
      const urls = new Set(ok.map((p) => new URL(p.url).pathname));
      for (const pathname of ["/", "/queue", "/audit", "/tasks/task1", `/submissions/${publicId}`, `/api/v1/submissions/${publicId}/breakdown`])
        expect(urls, pathname).toContain(pathname);
      expect([...urls].some((u) => u.startsWith("/systems/"))).toBe(true);
      expect(ok.some((p) => p.contentType.includes("text/csv"))).toBe(true);
      if (existsSync(path.join(ROOT, "app/api/v1/snapshot")))
        expect(ok.filter((p) => p.url.includes("/api/v1/snapshot")).length, "snapshot downloads").toBeGreaterThanOrEqual(3);
      // the private and hidden ids answer 404 to this role
      for (const id of [privateId, hiddenId]) {
        for (const url of [`${baseUrl}/submissions/${id}`, `${baseUrl}/api/v1/submissions/${id}`]) expect(pages.find((p) => p.url === url)?.status, url).toBe(404);
      }
      expect(leaks(pages)).toEqual([]);
      // a crawl of 450 answers takes over two minutes on a loaded 2-core machine
    }, 400_000);
  }

  test("the public submission's per-instance results withhold the test split for everyone but admins", async () => {
    const visitor = (await (await fetch(`${baseUrl}/api/v1/submissions/${publicId}/breakdown`)).json()) as { rows: { split: string }[]; withheld: { test: number } };
    expect(visitor.withheld.test).toBeGreaterThan(0);
    expect(visitor.rows.length).toBeGreaterThan(0);
    expect(visitor.rows.filter((r) => r.split === "test")).toEqual([]);
    const admin = (await (await fetch(`${baseUrl}/api/v1/submissions/${publicId}/breakdown`, { headers: asActor(actors.admin) })).json()) as {
      rows: { split: string }[];
    };
    expect(admin.rows.filter((r) => r.split === "test").length).toBe(visitor.withheld.test);
    // and the admin's view has no gold either: scores only
    expect(JSON.stringify(admin)).not.toContain(CANARY.gold);
  });
});

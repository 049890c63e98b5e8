import type { IncomingHttpHeaders } from "node:http";

/*
 * Host and protocol headers as Next and next-auth read them. next-auth (trustHost) builds the request's URL
 * from X-Forwarded-Host and X-Forwarded-Proto whenever they are present, so a client-written "X-Forwarded-Host:
 * a:99999" made every page that reads the session answer 500 ("Invalid URL"), and a forged one named another
 * site. Our server (scripts/web.ts) therefore drops them unless TRUSTED_PROXY_HOPS says a proxy in front writes
 * them, and then keeps only the entry that proxy wrote (the last), and only when it is a valid host or protocol.
 * Pure: it edits the headers object it is given.
 */

/** A host[:port] that a URL can be built from, with nothing else in it. */
export function isValidHost(value: string): boolean {
  if (value === "" || /[\s/\\?#@]/.test(value)) return false;
  try {
    return new URL(`http://${value}`).host !== "";
  } catch {
    return false;
  }
}

const last = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(",") : (value ?? "")).split(",").pop()?.trim() ?? "";

/**
 * Drops or reduces the forwarded host/protocol headers; returns false when the Host header itself cannot name a
 * site (the caller answers 400).
 */
export function sanitizeForwardedHeaders(headers: IncomingHttpHeaders, trustedProxyHops: number): boolean {
  for (const name of ["x-forwarded-host", "x-forwarded-proto", "forwarded"] as const) {
    const value = headers[name];
    if (value === undefined) continue;
    if (trustedProxyHops === 0 || name === "forwarded") {
      delete headers[name];
      continue;
    }
    const kept = last(value);
    const valid = name === "x-forwarded-host" ? isValidHost(kept) : kept === "http" || kept === "https";
    if (valid) headers[name] = kept;
    else delete headers[name];
  }
  return headers.host === undefined || isValidHost(headers.host);
}

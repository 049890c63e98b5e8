/**
 * The Content-Security-Policy of a page rendered per request. Scripts run only with this response's nonce (Next
 * puts it on its own scripts when it finds it in the request's CSP header; 'strict-dynamic' lets those load the
 * chunks they import), so an injected <script> or inline handler never runs even if some string escaped escaping.
 * Styles allow inline style attributes: Recharts and React's style={} props write them, and CSS cannot run script.
 */
export function contentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  return policy(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`);
}

/**
 * The policy of a page served from the page cache (lib/page-cache): the same bytes to every visitor and through
 * any HTTP cache, so no nonce. Scripts from this origin run (Next's chunks, /_next/static), and of the inline
 * ones only those whose SHA-256 is listed: the ones in the stored page (lib/page-cache/inline-script-hashes.ts).
 * An injected inline script or handler matches no hash, and one from elsewhere is not 'self'.
 */
export function hashedContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return policy(["script-src 'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(" "));
}

function policy(scriptSrc: string): string {
  const directives = [
    "default-src 'self'",
    scriptSrc,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

/** Headers every response carries (next.config.ts sets them on all routes, static files included). */
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

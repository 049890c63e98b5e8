-- Item search (lib/benchmarks/alpsbench/read/queries/instance-search.ts) is a case-insensitive substring match over
-- each instance's id, model input and gold. Without an index every search read and cast every dialogue (2-4 s for a
-- search that finds nothing); trigram GIN indexes answer ILIKE '%…%' from the index. The expressions must stay
-- exactly those the query uses ("input"::text, "gold"::text). Not in the Prisma schema: it cannot express them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "Instance_benchmarkId_trgm_idx" ON "Instance" USING gin ("benchmarkId" gin_trgm_ops);
CREATE INDEX "Instance_input_trgm_idx" ON "Instance" USING gin (("input"::text) gin_trgm_ops);
CREATE INDEX "InstanceGold_gold_trgm_idx" ON "InstanceGold" USING gin (("gold"::text) gin_trgm_ops);

-- Task 3 pool lists as plain text instead of arrays (see InstancePool in schema.prisma): parsing 5.9 million
-- array elements (array_in) was most of PostgreSQL's share of the real-data import, and the random candidate ids
-- never compressed, so the columns are stored uncompressed (EXTERNAL: no pglz attempt on every row).
-- memoryIds: the ids joined by ","; candidateIds: plain ids (letters, digits, _.:-) joined by ",", any other list
-- as a JSON array of strings (it starts with "[", which a plain list cannot). An existing database's pools are
-- converted in place and read back the same ids in the same order (lib/db/queries/task3-pools.ts).
ALTER TABLE "InstancePool"
  ALTER COLUMN "memoryIds" SET DATA TYPE TEXT USING COALESCE(array_to_string("memoryIds", ','), ''),
  ALTER COLUMN "candidateIds" SET DATA TYPE TEXT USING
    CASE
      WHEN array_position("candidateIds", NULL) IS NULL AND array_to_string("candidateIds", ',') ~ '^[A-Za-z0-9_.:-]+(,[A-Za-z0-9_.:-]+)*$'
        THEN array_to_string("candidateIds", ',')
      ELSE COALESCE(array_to_json("candidateIds")::text, '[]')
    END;

ALTER TABLE "InstancePool"
  ALTER COLUMN "memoryIds" SET NOT NULL,
  ALTER COLUMN "candidateIds" SET NOT NULL,
  ALTER COLUMN "memoryIds" SET STORAGE EXTERNAL,
  ALTER COLUMN "candidateIds" SET STORAGE EXTERNAL;

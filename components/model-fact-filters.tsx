"use client";

import { TABLE_QUERY_PARAMS, type TableQuery } from "@/lib/leaderboard/table-state";

const PARAMS_MAX = TABLE_QUERY_PARAMS.params_max.pattern;
const LICENSE = TABLE_QUERY_PARAMS.license.pattern;

/**
 * The Filters menu's model-fact controls: open weights only, a parameter ceiling in billions and licence ids
 * (the URL's `open`, `params_max` and `license`; lib/model-facts/filter.ts). A value the URL would refuse is not
 * applied while it is being typed.
 */
export function ModelFactFilters({ query, setQuery }: { query: TableQuery; setQuery: (next: TableQuery) => void }) {
  return (
    <fieldset className="mb-3">
      <legend className="mb-1 text-xs font-semibold text-fg-muted uppercase">Model facts</legend>
      <label className="flex cursor-pointer items-center gap-2 py-0.5 text-sm text-fg">
        <input
          type="checkbox"
          name="open"
          checked={query.open === "1"}
          onChange={() => setQuery({ ...query, open: query.open === "1" ? "0" : "1" })}
          className="accent-[var(--color-accent)]"
        />
        open weights only
      </label>
      <label className="mt-1 flex items-center gap-2 text-sm text-fg">
        at most
        <input
          type="number"
          name="params_max"
          min={0}
          step="any"
          inputMode="decimal"
          defaultValue={query.params_max ?? ""}
          onChange={(e) => {
            const value = e.target.value.trim();
            if (value === "" || PARAMS_MAX.test(value)) setQuery({ ...query, params_max: value === "" ? undefined : value });
          }}
          className="w-20 rounded border border-line bg-surface px-2 py-0.5 text-sm"
        />
        B parameters
      </label>
      <label className="mt-1 flex items-center gap-2 text-sm text-fg">
        licence
        <input
          type="text"
          name="license"
          placeholder="e.g. Apache-2.0"
          defaultValue={query.license.join(",")}
          onChange={(e) => {
            const ids = e.target.value
              .split(",")
              .map((v) => v.trim())
              .filter(Boolean);
            if (ids.every((id) => LICENSE.test(id))) setQuery({ ...query, license: ids });
          }}
          className="w-32 rounded border border-line bg-surface px-2 py-0.5 text-sm"
        />
      </label>
    </fieldset>
  );
}

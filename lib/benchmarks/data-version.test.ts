import { expect, test } from "vitest";
import { dataVersionOf, hostedBenchmarks } from "./index";
import { dataVersionAlias } from "./data-version-names";
import { capabilitiesOf } from "./hosted-capabilities";

test("a pipeline benchmark's id names its default data version, in the registry and in the browser's table query alike", () => {
  expect(dataVersionOf("alpsbench")).toBe("alpsbench-v1");
  for (const name of ["alpsbench", "alpsbench-v1", "demo", "personalllm", "constructor", "__proto__", "anything"]) {
    // the table query's own copy (it cannot load the registry) says the same for every name
    expect(dataVersionAlias(name), name).toBe(dataVersionOf(name));
  }
  // a module's id is its own data version; only pipeline benchmarks are aliased
  for (const b of hostedBenchmarks()) expect(dataVersionOf(b.id)).toBe(capabilitiesOf(b).dataVersions[0]);
});

import { factColumns, ModelFacts } from "@/lib/model-facts/facts";

/** The model facts an exported record carries in model_info.additional_details (strings); bad ones are left out. */
export function rowFactsInput(details: Record<string, string>): ReturnType<typeof factColumns> {
  const number = (v: string | undefined) => (v === undefined || !/^\d+(\.\d+)?$/.test(v) ? undefined : Number(v));
  const candidate = {
    paramsB: number(details.params_b),
    activeParamsB: number(details.active_params_b),
    license: details.license,
    openWeights: details.open_weights === "true" ? true : details.open_weights === "false" ? false : undefined,
    releaseDate: details.release_date,
    modelUrl: details.model_url,
  };
  const parsed = ModelFacts.safeParse(Object.fromEntries(Object.entries(candidate).filter(([, v]) => v !== undefined)));
  return parsed.success ? factColumns(parsed.data) : {};
}

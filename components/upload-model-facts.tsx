"use client";

/**
 * The upload form's optional model facts and run cost (params_b, active_params_b, license, release_date,
 * model_url, cost_usd, tokens), collapsed by default. The API validates them (lib/model-facts/upload-fields.ts);
 * the form checks them with the same schema before sending and shows the message under the field.
 */
const FIELDS: { name: string; label: string; hint: string; type?: string; inputMode?: "decimal" | "numeric" | "url"; placeholder?: string }[] = [
  { name: "params_b", label: "Parameters (billions)", hint: "Total parameters: 8 for an 8B model.", inputMode: "decimal", placeholder: "e.g. 8" },
  {
    name: "active_params_b",
    label: "Active parameters (billions)",
    hint: "Per token, for mixture-of-experts; at most the total.",
    inputMode: "decimal",
    placeholder: "e.g. 1.5",
  },
  { name: "license", label: "Licence", hint: 'An SPDX-like id, or "proprietary".', placeholder: "e.g. Apache-2.0" },
  { name: "release_date", label: "Release date", hint: "YYYY-MM-DD.", type: "date" },
  { name: "model_url", label: "Model card link", hint: "An http(s) link.", type: "url", inputMode: "url", placeholder: "https://…" },
  { name: "cost_usd", label: "Run cost (US dollars)", hint: "What producing these predictions cost.", inputMode: "decimal", placeholder: "e.g. 12.5" },
  { name: "tokens", label: "Tokens used", hint: "Prompt and completion, a whole number.", inputMode: "numeric", placeholder: "e.g. 1200000" },
];

export const MODEL_FACT_INPUTS = FIELDS.map((f) => f.name);

export function UploadModelFacts({
  id,
  errors,
  open,
  onToggle,
  onEdit,
  className,
}: {
  id: string;
  errors: Readonly<Record<string, string>>;
  open: boolean;
  onToggle: (open: boolean) => void;
  onEdit: (field: string) => void;
  className: { input: string; label: string; hint: string };
}) {
  return (
    <details open={open} onToggle={(e) => onToggle(e.currentTarget.open)} className="min-w-0 rounded-md border border-line sm:col-span-2">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-fg">Model facts (optional)</summary>
      <div className="grid grid-cols-1 gap-4 px-3 pt-1 pb-3 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const error = errors[f.name];
          const fieldId = `${id}-${f.name}`;
          return (
            <div key={f.name}>
              <label htmlFor={fieldId} className={className.label}>
                {f.label}
              </label>
              <input
                id={fieldId}
                name={f.name}
                type={f.type ?? "text"}
                inputMode={f.inputMode}
                placeholder={f.placeholder}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={`${fieldId}-${error ? "error" : "hint"}`}
                onChange={() => onEdit(f.name)}
                className={className.input}
              />
              {error ? (
                <p id={`${fieldId}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                  {error}
                </p>
              ) : (
                <p id={`${fieldId}-hint`} className={className.hint}>
                  {f.hint}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </details>
  );
}

import { UploadModelFacts } from "../upload-model-facts";
import { fieldsetCls, hintCls, inputCls, labelCls, legendCls } from "./styles";
import { FieldLabel } from "../field-label";
import { SelectOptions } from "@/components/select-options";

const KIND_OPTIONS = [
  { value: "general_llm", label: "General LLM" },
  { value: "memory_system", label: "Memory system" },
  { value: "retrieval_baseline", label: "Retrieval baseline" },
] as const;

/** "Your system": its name (required), organisation, kind, backbone, weights, links, model facts and visibility. */
export function SystemFields({
  id,
  disabled,
  nameError,
  onNameEdit,
  factErrors,
  factsOpen,
  onFactsToggle,
  onFactEdit,
}: {
  id: string;
  disabled: boolean;
  nameError: string | null;
  onNameEdit(): void;
  factErrors: Record<string, string>;
  factsOpen: boolean;
  onFactsToggle(open: boolean): void;
  onFactEdit(field: string): void;
}) {
  return (
    <fieldset className={fieldsetCls} disabled={disabled}>
      <legend className={legendCls}>Your system</legend>
      <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FieldLabel htmlFor={`${id}-model`}>
            System name <span aria-hidden="true">*</span>
          </FieldLabel>
          <input
            id={`${id}-model`}
            name="model"
            required
            maxLength={120}
            autoComplete="off"
            placeholder="e.g. MyMemory-7B v2"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-model-error` : `${id}-model-hint`}
            onChange={onNameEdit}
            className={inputCls}
          />
          {nameError ? (
            <p id={`${id}-model-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
              {nameError}
            </p>
          ) : (
            <p id={`${id}-model-hint`} className={hintCls}>
              As it should appear on the leaderboard. Resubmitting under the same name updates that system.
            </p>
          )}
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-organisation`}>Organisation</FieldLabel>
          <input id={`${id}-organisation`} name="organisation" maxLength={120} autoComplete="organization" className={inputCls} />
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-kind`}>Kind of system</FieldLabel>
          <select id={`${id}-kind`} name="kind" defaultValue="general_llm" className={inputCls}>
            <SelectOptions items={KIND_OPTIONS} value={(k) => k.value} label={(k) => k.label} />
          </select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-backbone`}>Backbone model</FieldLabel>
          <input id={`${id}-backbone`} name="backbone" maxLength={120} placeholder="e.g. Llama-3.1-8B" className={inputCls} />
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-weights`}>Weights</FieldLabel>
          <select id={`${id}-weights`} name="open_weights" defaultValue="" className={inputCls}>
            <option value="">Not stated</option>
            <option value="true">Open weights</option>
            <option value="false">Closed weights</option>
          </select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-paper`}>Paper link</FieldLabel>
          <input id={`${id}-paper`} name="paper_url" type="url" inputMode="url" placeholder="https://…" className={inputCls} />
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-code`}>Code link</FieldLabel>
          <input id={`${id}-code`} name="code_url" type="url" inputMode="url" placeholder="https://…" className={inputCls} />
        </div>
        <UploadModelFacts
          id={id}
          errors={factErrors}
          open={factsOpen}
          onToggle={onFactsToggle}
          onEdit={onFactEdit}
          className={{ input: inputCls, label: labelCls, hint: hintCls }}
        />
        <fieldset className="min-w-0 sm:col-span-2">
          <legend className={labelCls}>Visibility</legend>
          <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex items-start gap-2 text-sm text-fg">
              <input type="radio" name="visibility" value="public" defaultChecked className="mt-0.5 size-4 accent-[var(--color-accent)]" />
              <span>
                Public <span className="text-fg-muted">· listed on the leaderboard</span>
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm text-fg">
              <input type="radio" name="visibility" value="private" className="mt-0.5 size-4 accent-[var(--color-accent)]" />
              <span>
                Private <span className="text-fg-muted">· only you see the scores</span>
              </span>
            </label>
          </div>
        </fieldset>
        <label className="flex items-start gap-2 text-sm text-fg sm:col-span-2">
          <input type="checkbox" name="publish_predictions" value="true" className="mt-0.5 size-4 accent-[var(--color-accent)]" />
          <span>
            Publish my predictions <span className="text-fg-muted">· in the run&apos;s reproducibility pack, so anyone can re-score it offline</span>
          </span>
        </label>
      </div>
    </fieldset>
  );
}

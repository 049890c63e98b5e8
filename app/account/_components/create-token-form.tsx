"use client";

import { useActionState, useState } from "react";
import { createTokenAction, type CreateTokenState } from "../actions";
import { SITE } from "@/lib/platform/site";
import { FieldLabel } from "@/components/field-label";
import { SubmitButton } from "@/components/submit-button";

const SCOPES = [
  { value: "submit", label: "submit", hint: `upload predictions (the API's POST /api/v1/submissions, the ${SITE.cliName} submit command)` },
  {
    value: "read",
    label: "read",
    hint: "read your private submissions through the API (without it a token sees public data only); with submit, change your submissions' visibility",
  },
] as const;

export function CreateTokenForm() {
  const [state, action, pending] = useActionState<CreateTokenState, FormData>(createTokenAction, { status: "idle" });
  const error = state.status === "error" ? state : null;
  // after a success the form starts empty again (a new key remounts it); after an error it keeps what was typed
  const formKey = state.status === "created" ? state.token : "form";
  return (
    <div className="space-y-4">
      {state.status === "created" ? <NewToken token={state.token} name={state.name} scopes={state.scopes} /> : null}
      <form key={formKey} action={action} noValidate className="space-y-4">
        <div>
          <FieldLabel htmlFor="token-name">Token name</FieldLabel>
          <input
            id="token-name"
            name="name"
            type="text"
            maxLength={60}
            required
            defaultValue={error?.name ?? ""}
            aria-invalid={error?.field === "name" ? true : undefined}
            aria-describedby={error?.field === "name" ? "token-error" : "token-name-hint"}
            placeholder="e.g. laptop, CI"
            className="mt-1 block w-full max-w-sm rounded-md border border-line-strong bg-surface px-3 py-2 text-fg placeholder:text-fg-subtle focus:border-accent"
          />
          <p id="token-name-hint" className="mt-1 text-[0.8125rem] text-fg-muted">
            So you recognise it in the list below.
          </p>
        </div>
        <fieldset aria-invalid={error?.field === "scopes" ? true : undefined} aria-describedby={error?.field === "scopes" ? "token-error" : undefined}>
          <legend className="text-sm font-medium text-fg">Scopes</legend>
          <div className="mt-1 space-y-1.5">
            {SCOPES.map((scope) => (
              <label key={scope.value} className="flex items-start gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope.value}
                  defaultChecked={error ? error.scopes.includes(scope.value) : true}
                  className="mt-0.5 size-4 accent-accent"
                />
                <span>
                  <span className="font-mono text-[0.8125rem] font-medium">{scope.label}</span>
                  <span className="text-fg-muted">: {scope.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <p id="token-error" role="alert" className={error ? "text-sm font-medium text-red-700 dark:text-red-300" : "sr-only"}>
          {error?.message ?? ""}
        </p>
        <SubmitButton pending={pending} label="Create token" busy="Creating…" layout="inline" />
      </form>
    </div>
  );
}

/** The one time the token is shown. */
function NewToken({ token, name, scopes }: { token: string; name: string; scopes: string[] }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="space-y-2 rounded-md border border-tier-verified-line bg-tier-verified-bg p-4 text-tier-verified-fg">
      <p className="text-sm font-semibold">
        Token “{name}” created ({scopes.join(", ")}). Copy it now: it is not shown again.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          aria-label="New API token"
          readOnly
          value={token}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-md border border-line-strong bg-surface px-3 py-2 font-mono text-[0.8125rem] text-fg"
        />
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(token).then(() => setCopied(true));
          }}
          className="shrink-0 rounded-md border border-line-strong bg-surface px-3 py-2 text-sm font-medium text-fg hover:bg-surface-hover"
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="text-[0.8125rem]">
        Use it as <code className="font-mono">Authorization: Bearer {token.slice(0, 8)}…</code> or with{" "}
        <code className="font-mono">{SITE.cliName} submit --token …</code>.
      </p>
    </div>
  );
}

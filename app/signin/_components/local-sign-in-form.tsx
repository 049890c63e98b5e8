"use client";

import { useActionState } from "react";
import { localSignInLinkAction, type LocalLinkState } from "../local-actions";
import { FieldLabel } from "@/components/field-label";
import { SubmitButton } from "@/components/submit-button";

/** Asks the server to print a one-time sign-in link to its log (fresh local servers without mail or OAuth). */
export function LocalSignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<LocalLinkState, FormData>(localSignInLinkAction, { error: null, email: "", printed: false });
  return (
    <form action={action} className="space-y-3" noValidate data-testid="local-sign-in">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <div>
        <FieldLabel htmlFor="signin-local-email">E-mail address</FieldLabel>
        <input
          id="signin-local-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={state.email}
          aria-invalid={state.error ? true : undefined}
          aria-describedby="signin-local-hint signin-local-status"
          className="mt-1 block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-fg placeholder:text-fg-subtle focus:border-accent"
          placeholder="you@example.org"
        />
        <p id="signin-local-hint" className="mt-1 text-[0.8125rem] text-fg-muted">
          The account your submissions belong to. No e-mail is sent: the link appears in the terminal that runs the server.
        </p>
      </div>
      <p
        id="signin-local-status"
        role={state.error ? "alert" : "status"}
        className={state.error ? "text-sm font-medium text-red-700 dark:text-red-300" : state.printed ? "text-sm font-medium text-fg" : "sr-only"}
      >
        {state.error ??
          (state.printed ? "A sign-in link is in the server's log (the terminal running npm start). Open it in this browser: it works once, for 15 minutes." : "")}
      </p>
      <SubmitButton pending={pending} label="Print a sign-in link to the server log" busy="Printing…" layout="wide" />
    </form>
  );
}

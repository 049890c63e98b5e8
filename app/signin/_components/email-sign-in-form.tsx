"use client";

import { useActionState } from "react";
import { devSignInAction, emailSignInAction, type EmailFormState } from "../actions";
import { FieldLabel } from "@/components/field-label";
import { SubmitButton } from "@/components/submit-button";

const MODES = {
  email: { action: emailSignInAction, hint: "We e-mail you a link that signs you in. No password.", submit: "E-mail me a sign-in link", pending: "Sending…" },
  dev: {
    action: devSignInAction,
    hint: "Development build: any address signs in at once; no e-mail is sent.",
    submit: "Sign in (development)",
    pending: "Signing in…",
  },
} as const;

/** The e-mail address form: a magic link, or in development builds the direct development sign-in. */
export function EmailSignInForm({ callbackUrl, mode }: { callbackUrl: string; mode: keyof typeof MODES }) {
  const { action: serverAction, hint, submit, pending: pendingLabel } = MODES[mode];
  const [state, action, pending] = useActionState<EmailFormState, FormData>(serverAction, { error: null, email: "" });
  const id = `signin-${mode}`;
  return (
    <form action={action} className="space-y-3" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <div>
        <FieldLabel htmlFor={`${id}-email`}>E-mail address</FieldLabel>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          defaultValue={state.email}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? `${id}-error ${id}-hint` : `${id}-hint`}
          className="mt-1 block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-fg placeholder:text-fg-subtle focus:border-accent"
          placeholder="you@example.org"
        />
        <p id={`${id}-hint`} className="mt-1 text-[0.8125rem] text-fg-muted">
          {hint}
        </p>
      </div>
      <p id={`${id}-error`} role="alert" className={state.error ? "text-sm font-medium text-red-700 dark:text-red-300" : "sr-only"}>
        {state.error ?? ""}
      </p>
      <SubmitButton pending={pending} label={submit} busy={pendingLabel} layout="wide" />
    </form>
  );
}

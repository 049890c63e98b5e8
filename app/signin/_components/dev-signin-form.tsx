"use client";

import { useActionState } from "react";
import { devSignInAction, type DevSignInState } from "../actions";

export function DevSignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<DevSignInState, FormData>(devSignInAction, { error: null, email: "" });
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <div>
        <label htmlFor="signin-email" className="block text-sm font-medium text-fg">
          E-mail
        </label>
        <input
          id="signin-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          defaultValue={state.email}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? "signin-error" : "signin-hint"}
          className="mt-1 block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-fg placeholder:text-fg-subtle focus:border-accent"
          placeholder="you@example.org"
        />
        <p id="signin-hint" className="mt-1 text-[0.8125rem] text-fg-muted">
          Any address works; no password, no e-mail is sent.
        </p>
      </div>
      <p id="signin-error" role="alert" className={state.error ? "text-sm font-medium text-red-700 dark:text-red-300" : "sr-only"}>
        {state.error ?? ""}
      </p>
      <button
        type="submit"
        disabled={pending}
        className="inline-flex items-center rounded-md bg-accent px-4 py-2 text-sm font-semibold text-surface hover:bg-accent-strong disabled:opacity-60"
      >
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}

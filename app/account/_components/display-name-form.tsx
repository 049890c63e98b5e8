"use client";

import { useActionState } from "react";
import { setDisplayNameAction, type DisplayNameState } from "../actions";
import { FieldLabel } from "@/components/field-label";
import { SubmitButton } from "@/components/submit-button";

/** The signed-in user's display name: "by <name>" on their submitted rows. */
export function DisplayNameForm({ current }: { current: string }) {
  const [state, action, pending] = useActionState<DisplayNameState, FormData>(setDisplayNameAction, { status: "idle", message: null, name: current });
  return (
    <form action={action} className="flex flex-wrap items-end gap-3" noValidate>
      <div className="min-w-64 flex-1">
        <FieldLabel htmlFor="display-name">Display name</FieldLabel>
        <input
          id="display-name"
          name="name"
          type="text"
          maxLength={100}
          autoComplete="name"
          defaultValue={state.name}
          aria-invalid={state.status === "error" ? true : undefined}
          aria-describedby="display-name-hint display-name-status"
          className="mt-1 block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-fg placeholder:text-fg-subtle focus:border-accent"
          placeholder="Your name or your team's"
        />
        <p id="display-name-hint" className="mt-1 text-[0.8125rem] text-fg-muted">
          Shown as &quot;by …&quot; on your submitted rows (empty: &quot;by an unnamed user&quot;).
        </p>
      </div>
      <SubmitButton pending={pending} label="Save name" busy="Saving…" />
      <p
        id="display-name-status"
        role={state.status === "error" ? "alert" : "status"}
        className={state.status === "error" ? "w-full text-sm font-medium text-red-700 dark:text-red-300" : "w-full text-sm text-fg-muted"}
      >
        {state.message ?? ""}
      </p>
    </form>
  );
}

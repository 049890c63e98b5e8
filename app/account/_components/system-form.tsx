"use client";

import Link from "next/link";
import { useActionState } from "react";
import { KIND_LABEL } from "@/components/kind-badge";
import { USER_SYSTEM_KINDS } from "@/lib/systems/kinds";
import { changeSystemAction, type SystemChangeState } from "../actions";
import { FieldLabel } from "@/components/field-label";
import { SubmitButton } from "@/components/submit-button";
import { SelectOptions } from "@/components/select-options";

/** One of the signed-in user's systems: its name and kind, changed in place (the slug and every link stay). */
export function SystemForm({ slug, name, kind }: { slug: string; name: string; kind: string }) {
  const [state, action, pending] = useActionState<SystemChangeState, FormData>(changeSystemAction, { status: "idle", message: null, name, kind });
  const id = `system-${slug}`;
  return (
    <form action={action} className="flex flex-wrap items-end gap-3 px-3 py-3" noValidate data-testid="system-form" data-slug={slug}>
      <input type="hidden" name="slug" value={slug} />
      <div className="min-w-56 flex-1">
        <FieldLabel htmlFor={`${id}-name`}>Name</FieldLabel>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          maxLength={120}
          defaultValue={state.name}
          aria-invalid={state.status === "error" ? true : undefined}
          aria-describedby={`${id}-status`}
          className="mt-1 block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-fg focus:border-accent"
        />
      </div>
      <div>
        <FieldLabel htmlFor={`${id}-kind`}>Kind</FieldLabel>
        <select
          id={`${id}-kind`}
          name="kind"
          defaultValue={state.kind}
          className="mt-1 block rounded-md border border-line-strong bg-surface px-3 py-2 text-fg focus:border-accent"
        >
          <SelectOptions items={USER_SYSTEM_KINDS} value={(k) => k} label={(k) => KIND_LABEL[k]} />
        </select>
      </div>
      <SubmitButton pending={pending} label="Save" busy="Saving…" />
      <Link href={`/systems/${encodeURIComponent(slug)}#history-title`} className="text-sm text-accent hover:underline">
        Page and history
      </Link>
      <p
        id={`${id}-status`}
        role={state.status === "error" ? "alert" : "status"}
        className={state.status === "error" ? "w-full text-sm font-medium text-red-700 dark:text-red-300" : "w-full text-sm text-fg-muted"}
      >
        {state.message ?? ""}
      </p>
    </form>
  );
}

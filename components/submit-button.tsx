// the forms' primary button; `inline` and `wide` put it in a flex box, `wide` full width below sm (the sign-in forms)
const LOOK = "rounded-md bg-accent px-4 py-2 text-sm font-semibold text-surface hover:bg-accent-strong disabled:opacity-60";
const LAYOUT = { plain: LOOK, inline: `inline-flex items-center ${LOOK}`, wide: `inline-flex w-full items-center justify-center ${LOOK} sm:w-auto` };

/** A form's primary submit button: disabled, and saying `busy`, while the form's action runs. */
export function SubmitButton({ pending, label, busy, layout = "plain" }: { pending: boolean; label: string; busy: string; layout?: keyof typeof LAYOUT }) {
  return (
    <button type="submit" disabled={pending} className={LAYOUT[layout]}>
      {pending ? busy : label}
    </button>
  );
}

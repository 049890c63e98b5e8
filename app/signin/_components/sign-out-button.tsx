import { signOutAction } from "@/lib/auth/sign-out-action";

/** A form, so signing out works without JavaScript too. */
export function SignOutButton({ className = "" }: { className?: string }) {
  return (
    <form action={signOutAction} className={className}>
      <button type="submit" className="rounded-md border border-line bg-surface px-3 py-1.5 text-sm font-medium whitespace-nowrap text-fg hover:bg-surface-hover">
        Sign out
      </button>
    </form>
  );
}

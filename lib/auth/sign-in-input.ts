import { z } from "zod";

/** The e-mail address typed into a sign-in form: trimmed, lower-cased (one account per address), checked. */
export const SignInEmailInput = z.object({
  email: z
    .string({ error: "Enter your e-mail address." })
    .trim()
    .toLowerCase()
    .pipe(z.string().min(1, { message: "Enter your e-mail address." }))
    .pipe(z.email({ message: "Enter a valid e-mail address, like you@example.org." }))
    .pipe(z.string().max(254, { message: "That e-mail address is too long." })),
});

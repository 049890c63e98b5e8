import { handlers } from "@/lib/auth/auth";

/** next-auth's endpoints: /api/auth/session, /api/auth/csrf, /api/auth/callback/<provider>, /api/auth/signout… */
export const { GET, POST } = handlers;

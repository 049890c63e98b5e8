/**
 * The organisation as pages, tables and the API show it: an uploader's organisation is their claim, "OpenAI
 * (claimed)", until an admin verifies it (`alpsbench admin verify-organisation`); the organisations of systems
 * the server reports or runs itself (no owner) are shown as they are, so an upload's "OpenAI" never stands beside
 * the reported rows exactly like theirs. Pure.
 */
export function shownOrganisation(system: { organisation: string | null; ownerId: string | null; organisationVerifiedAt: Date | null }): string | null {
  if (!system.organisation) return null;
  return system.ownerId !== null && system.organisationVerifiedAt === null ? `${system.organisation} (claimed)` : system.organisation;
}

/** The System columns shownOrganisation reads, for a Prisma select. */
export const ORGANISATION_SELECT = { organisation: true, ownerId: true, organisationVerifiedAt: true } as const;

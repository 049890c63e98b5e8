/**
 * The interactive-transaction options of an operator's command (`admin bootstrap`, `role`, `verify-organisation`,
 * `import-eee`): a few statements, but run while the server may be busy (a start-up import holding rows and the
 * CPU). Prisma's defaults (2 s to get a connection, 5 s for the whole transaction) made such a command fail on a
 * busy server although nothing was wrong; an operator's command waits instead (a lock held by another transaction
 * is waited for, up to these bounds).
 */
export const OPERATOR_TRANSACTION = { maxWait: 60_000, timeout: 120_000 } as const;

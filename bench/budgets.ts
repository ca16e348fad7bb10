/**
 * Budgets for `npm run bench`. Throughput is compared with a bare Fastify route measured in the same run,
 * so the figures hold on any machine; a scenario below its budget fails the run.
 */
export const BUDGETS = {
  /** GET /api/account/profile with a valid token: verify the JWT, read the (cached) principal, serialise. */
  profile: { minRatioToBare: 0.25 },
} as const;

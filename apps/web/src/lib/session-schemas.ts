/**
 * The schemas of the session's own calls (login, token refresh, profile), in a chunk of their own with zod:
 * the first load carries no zod (decision 0090), these load with the first such call.
 */
export { ZProfile, ZTokenPair } from '@portal/contract';

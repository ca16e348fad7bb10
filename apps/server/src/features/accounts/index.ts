/** The accounts feature as other features, app.ts and the CLI see it. */
export {
  createAccountsRepository,
  memberNameKey,
  memberSearchKey,
  usernameKey,
} from './accounts.repository.ts';
export { type AccountsService, createAccountsService, type MemberSaved } from './accounts.service.ts';
export { memberRow } from './accounts-privacy.ts';
export { accountsFeature } from './feature.ts';

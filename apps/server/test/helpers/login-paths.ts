/**
 * A one-time login link of an account a member controls, posted where an admin clicks it, signed the admin
 * in as that account (issue 30). The app's router reads the path without case, dot segments, percent-encoding,
 * repeated or trailing slashes: each way of writing `/login` is the login route, and none is a link.
 */
export const LOGIN_PATHS = [
  '/login?token=T',
  '/Login?token=T',
  '/LOGIN',
  '/./login?token=T',
  '/%6Cogin?token=T',
  '/%6cOGIN',
  '/%256Cogin?token=T',
  '/lo%67in#oben',
  '/login/?token=T',
  '/login//',
  '//login?token=T',
  '///login',
  '/foo/../login?token=T',
  '/foo/%2e%2e/login?token=T',
  '/%2e/login',
  '/login%2F?token=T',
  '/%2Flogin',
  '/login/Merkblatt',
  '\\login',
  '/\\login?token=T',
  '/lo\tgin?token=T',
  'login?token=T',
  'Login',
  './login?token=T',
  '../login?token=T',
];

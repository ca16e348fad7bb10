/**
 * Hooks added in an `onRoute` hook to the routes they act on: a hook on the whole app runs on every request,
 * and most requests are GETs that need few of them (issue 19, issue 30 point 13: the profile's throughput).
 */

/** A route's hooks of one kind as a list: Fastify takes none, one or several. */
export function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** Polls `condition` every 20 ms until it holds; fails naming `what` when `timeoutMs` passed first. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms in vain: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

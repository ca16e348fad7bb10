/**
 * The frame's skeleton that index.html draws before any script or stylesheet has arrived (issue 31 point 5,
 * decision 0124). React empties #root when it first renders; the skeleton's element is kept here first, and
 * the app shows that same element while its first screen loads (AppLoading), so nothing flickers.
 */
let skeleton: Element | null = null;

/** Before the first render: keeps the skeleton of `root`. */
export function keepBootSkeleton(root: Element): void {
  skeleton = root.querySelector('.boot');
}

export function bootSkeleton(): Element | null {
  return skeleton;
}

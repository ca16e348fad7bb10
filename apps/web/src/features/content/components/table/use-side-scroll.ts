import { type RefObject, useLayoutEffect, useState } from 'react';
import { type SideEdges, sideEdges } from '../../lib/side-scroll';

/**
 * Watches a box that scrolls sideways (a table wider than a phone): whether there is more to see on either
 * side, after scrolling and whenever the box or its content changes size.
 */
export function useSideScroll(ref: RefObject<HTMLElement | null>): SideEdges {
  const [edges, setEdges] = useState<SideEdges>({ left: false, right: false });
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const next = sideEdges(box);
      setEdges((current) => (current.left === next.left && current.right === next.right ? current : next));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}

import { type RefObject, useEffect, useRef } from 'react';

/**
 * How the list goes without a choice: Escape (the focus back on the bell), a click beside it, or the focus
 * moving on past it (Tab from its last control). The bell itself toggles it, so neither counts it as beside.
 */
export function useDismiss(
  panel: RefObject<HTMLElement | null>,
  bell: RefObject<HTMLElement | null>,
  onClose: (returnFocus: boolean) => void,
): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const inside = (target: EventTarget | null) =>
      target instanceof Node && (element.contains(target) || (bell.current?.contains(target) ?? false));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onCloseRef.current(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) onCloseRef.current(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null && !inside(event.relatedTarget)) onCloseRef.current(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [panel, bell]);
}

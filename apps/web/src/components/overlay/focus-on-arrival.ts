/**
 * Mantine's focus trap puts the focus on the first `[data-autofocus]` field when a sheet opens, else on the
 * first control: the close button. A form that arrives later (its chunk still loading) has missed that
 * moment, and what the member then types went to the close button (issue 31 point 4: 'Neues Thema'). This
 * watches `container` until its `[data-autofocus]` field arrives and focuses it, unless the member has moved
 * the focus into the sheet's content meanwhile. Returns the stop.
 */
export function focusOnArrival(container: HTMLElement, closeButton: HTMLElement | null): () => void {
  const untouched = () => {
    const active = document.activeElement;
    return (
      active === null || active === document.body || active === closeButton || !container.contains(active)
    );
  };
  const tryFocus = (): boolean => {
    const target = container.querySelector<HTMLElement>('[data-autofocus]');
    if (!target) return false;
    if (untouched()) target.focus();
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) observer.disconnect();
  });
  observer.observe(container, { childList: true, subtree: true });
  return () => observer.disconnect();
}

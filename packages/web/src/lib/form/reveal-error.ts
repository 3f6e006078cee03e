/**
 * Brings the first field in error into view and gives it focus, once the errors are drawn: after a
 * refused submit the user sees what to fix even when it is far above the button of a long form.
 * Mantine marks an input in error with aria-invalid.
 */
export function revealFirstError(root: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.focus({ preventScroll: true });
  });
}

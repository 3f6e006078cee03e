import type { KeyboardEvent } from 'react';

/** The attribute that marks what the arrow keys move between: a table's rows, a phone's cards. */
export const ROW_FOCUS = 'data-row-focus';

/**
 * Keyboard tables (issue 40): ArrowUp/ArrowDown (and Home/End) move the focus between the rows of
 * the same list, Enter opens the focused row, Space selects it. Only keys pressed on the row itself
 * count: a check box or a link inside keeps its own keys.
 */
export function onRowKey(
  event: KeyboardEvent<HTMLElement>,
  actions: { open?: () => void; toggle?: () => void },
): void {
  if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
  const row = event.currentTarget;
  if (event.key === 'Enter' && actions.open) {
    event.preventDefault();
    actions.open();
    return;
  }
  if (event.key === ' ' && actions.toggle) {
    event.preventDefault();
    actions.toggle();
    return;
  }
  const list = row.closest('[data-row-list]');
  if (!list) return;
  const rows = Array.from(list.querySelectorAll<HTMLElement>(`[${ROW_FOCUS}]`));
  const at = rows.indexOf(row);
  const target = {
    ArrowDown: rows[at + 1],
    ArrowUp: rows[at - 1],
    Home: rows[0],
    End: rows[rows.length - 1],
  }[event.key];
  if (!target) return;
  event.preventDefault();
  target.focus();
}

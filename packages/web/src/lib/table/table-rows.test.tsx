// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { TableRows } from './table-rows';

interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Bravo' },
  { id: 'c', name: 'Charlie' },
];

setUpScreenTests({ locale: 'en' });

function renderRows(onOpen: (row: Row) => void, onToggle: (id: string) => void) {
  render(
    <Providers>
      <TableRows<Row>
        rows={ROWS}
        rowId={(row) => row.id}
        columns={[{ key: 'name', label: 'Name', render: (row) => row.name }]}
        selected={new Set()}
        onToggle={onToggle}
        onToggleAll={() => undefined}
        onOpen={onOpen}
        selectable
        empty={null}
        sort={{
          sortable: {},
          current: null,
          order: 'ASC',
          defaultColumn: null,
          defaultOrder: 'ASC',
          onSort: () => undefined,
        }}
      />
    </Providers>,
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr');

describe('keyboard tables', () => {
  it('reaches the first row with Tab, moves with the arrows, opens with Enter and selects with Space', async () => {
    const onOpen = vi.fn();
    const onToggle = vi.fn();
    renderRows(onOpen, onToggle);
    const user = userEvent.setup();
    // The header's check box, then the first row: one stop for the whole list.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(rowOf('Alpha'));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(rowOf('Charlie'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(rowOf('Bravo'));
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(ROWS[1]);
    await user.keyboard(' ');
    expect(onToggle).toHaveBeenCalledWith('b');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(rowOf('Alpha'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(rowOf('Charlie'));
  });
});

/** Query keys of one table; invalidating `all(table)` refreshes its lists, drop-downs and rows. */
export const tableKeys = {
  all: (table: string) => ['table', table] as const,
  list: (table: string, query: unknown) => ['table', table, 'list', query] as const,
  loadAll: (table: string) => ['table', table, 'load-all'] as const,
  one: (table: string, id: string) => ['table', table, 'one', id] as const,
};

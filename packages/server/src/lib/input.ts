type Row = Record<string, unknown>;

/**
 * What a create or update body really sets (spec.md §5 payload rules): fields left empty by the
 * client are dropped rather than written, and on create a null means 'not given'. With `keys`, only
 * those fields are kept.
 */
export function dropEmpty(input: Row, options: { dropNull: boolean; keys?: readonly string[] }): Row {
  const keys = options.keys ?? Object.keys(input);
  return Object.fromEntries(
    keys
      .filter((key) => {
        const value = input[key];
        return value !== undefined && value !== '' && !(options.dropNull && value === null);
      })
      .map((key) => [key, input[key]]),
  );
}

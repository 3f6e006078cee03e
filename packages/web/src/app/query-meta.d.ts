import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { quiet?: boolean };
    mutationMeta: { quiet?: boolean };
  }
}

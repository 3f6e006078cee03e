import { createRequire } from 'node:module';

const requireFromServer = createRequire(import.meta.url);

/**
 * A library loaded when it is first called for, not by every start of the server: synchronously,
 * through its CommonJS build, for the code that uses it synchronously (XML and CSV builders and
 * parsers). Code that is asynchronous already writes `await import(…)` where it uses one
 * (docs/decisions/0022-server-runs-bundled.md, 'Loaded on first use').
 */
export function onFirstUse<Library>(specifier: string): () => Library {
  let loaded: Library | undefined;
  return () => {
    loaded ??= requireFromServer(specifier) as Library;
    return loaded;
  };
}

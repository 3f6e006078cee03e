import type { AuthDeps } from './deps.js';

/** Gives a job of the auth module its dependencies once, so the services read as lists of jobs. */
export const withDeps =
  (deps: AuthDeps) =>
  <Args extends unknown[], Result>(job: (deps: AuthDeps, ...args: Args) => Result) =>
  (...args: Args): Result =>
    job(deps, ...args);

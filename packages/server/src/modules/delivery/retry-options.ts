import { MAX_ATTEMPTS } from './sending.js';

/** The longest wait between two tries of a send. */
const MAX_RETRY_WAIT_SECONDS = 3600;

/**
 * The job's retry settings for a first wait of `retrySeconds`: pg-boss waits
 * delay × 2^n × (1 + random) before the n-th retry, capped at the hour. pg-boss keeps whole seconds.
 */
export function retryOptions(retrySeconds: number) {
  return {
    // The row counts MAX_ATTEMPTS tries; one more job retry covers a worker that died mid-try.
    retryLimit: MAX_ATTEMPTS,
    retryDelay: Math.min(Math.max(1, Math.round(retrySeconds)), MAX_RETRY_WAIT_SECONDS),
    retryBackoff: true,
    retryDelayMax: MAX_RETRY_WAIT_SECONDS,
  };
}

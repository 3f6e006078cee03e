import { inject } from 'vitest';

/**
 * The address of this worker's shared server. global-setup.ts starts one per worker, so that the
 * journeys of two files running at once never meet in the same laboratory's data; the files of
 * one worker run one after another on its server, as all of them once did on a single one.
 */
export function sharedServerUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(worker - 1) % urls.length];
  if (!url) throw new Error('No shared server was started for the browser journeys');
  return url;
}

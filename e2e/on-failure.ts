import { beforeEach, inject } from 'vitest';
import { describeOpenPages } from './page-log.js';
import { describeServers } from './server.js';
import { sharedServerUrl } from './shared-server.js';

/** The worker's shared server and its log file, started by the run's global setup. */
function sharedServer(): Record<string, string> {
  const url = sharedServerUrl();
  const logFile = inject('sharedServerLogs')[url];
  return logFile ? { [url]: logFile } : {};
}

// A failed journey prints what its open pages showed and went through (page-log.ts), and what its
// servers logged last (server.ts).
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const pages = await describeOpenPages(task.name);
    console.error(
      `When "${task.name}" failed, the browser:\n${pages}\nand the servers:\n${describeServers(sharedServer())}`,
    );
  });
});

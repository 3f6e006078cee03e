/**
 * The Node.js line the server runs on (docs/decisions/0025-node-24.md). The root's devDependencies
 * pin the registry's `node` package, which puts a Node 24 binary first on the PATH of every npm
 * script, so `npm start` and `npm test` run on it whatever the system's Node; starting the server
 * any other way on an older Node is refused rather than run on a line without security fixes.
 */
export const MINIMUM_NODE_MAJOR = 24;

/** Why this Node cannot run the server, in one line for the operator; null when it can. */
export function unsupportedNodeMessage(version: string = process.versions.node): string | null {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  if (Number.isInteger(major) && major >= MINIMUM_NODE_MAJOR) return null;
  return `Node.js ${version} cannot run this server: it needs Node.js ${MINIMUM_NODE_MAJOR} or later. Start it with npm start, which runs the project's own Node ${MINIMUM_NODE_MAJOR} (npm install puts it in node_modules/.bin).`;
}

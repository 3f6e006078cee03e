/**
 * The hand-written SQL of the list cases served over HTTP by the least a server can do: node's
 * http module, one connection to PostgreSQL, the rows as JSON, no session, no count. Run in its own
 * process by `startBareSqlServer` (bare-http.ts), as the real server is: `GET /<n>` answers case n.
 */
import http from 'node:http';
import pg from 'pg';
import { SERVER_CONNECTION_SETUP } from '../postgres.js';

interface BareCase {
  sql: string;
  params: unknown[];
}

const cases = JSON.parse(process.env.BARE_CASES ?? '[]') as BareCase[];
const client = new pg.Client({ connectionString: process.env.BARE_DATABASE_URL });
await client.connect();
// Set up as each of the real server's connections is (db/open.ts).
await client.query(SERVER_CONNECTION_SETUP);

const server = http.createServer((request, response) => {
  const chosen = cases[Number(request.url?.slice(1))];
  if (!chosen) {
    response.writeHead(404).end();
    return;
  }
  client.query(chosen.sql, chosen.params).then(
    ({ rows }) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: rows }));
    },
    (error: Error) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message);
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  void client.end();
});

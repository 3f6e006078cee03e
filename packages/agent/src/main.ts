import { startConfiguredRelay } from './analysers/relay/start.js';
import { buildAgent } from './app.js';
import { describePrinter, loadConfig } from './config.js';

/** Starts the agent on this workstation's loopback interface only; the web app calls it from the browser. */
const config = loadConfig(process.env);
const agent = await buildAgent(config, { logger: true });
await agent.listen({ host: '127.0.0.1', port: config.port });
agent.log.info(
  { scanDir: config.scanDir, printer: describePrinter(config.printer), allowedOrigin: config.allowedOrigin },
  'workstation agent ready',
);

// The analyser gateway, when a server is configured (AGENT_SERVER_URL): its listeners and relay.
const relay = await startConfiguredRelay(config, agent.log);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([agent.close(), relay?.stop()]).then(() => process.exit(0));
  });
}

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import type { AgentConfig } from '../../config.js';
import { type Relay, startRelay } from './relay.js';
import { ServerLink } from './server-link.js';

const AGENT_VERSION = '1';

/** The credential: configured, kept from an earlier enrolment, or obtained now with the code and kept. */
async function credentialOf(settings: NonNullable<AgentConfig['relay']>): Promise<string | null> {
  if (settings.credential) return settings.credential;
  const kept = await readFile(settings.credentialFile, 'utf8').catch(() => '');
  if (kept.trim()) return kept.trim();
  if (!settings.enrolmentCode) return null;
  const credential = await ServerLink.enrol(
    settings.serverUrl,
    settings.enrolmentCode,
    hostname(),
    AGENT_VERSION,
  );
  await mkdir(dirname(settings.credentialFile), { recursive: true });
  await writeFile(settings.credentialFile, `${credential}\n`, { mode: 0o600 });
  return credential;
}

/** Starts the analyser relay when the agent is configured for one; null otherwise. */
export async function startConfiguredRelay(
  config: AgentConfig,
  log: { info(o: object, m: string): void; warn(o: object, m: string): void },
): Promise<Relay | null> {
  if (!config.relay) return null;
  const credential = await credentialOf(config.relay);
  if (!credential) {
    log.warn({}, 'analyser relay not started: no credential and no enrolment code');
    return null;
  }
  return startRelay({
    serverUrl: config.relay.serverUrl,
    credential,
    journalDir: config.relay.journalDir,
    log,
  });
}

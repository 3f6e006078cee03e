import { readFileSync } from 'node:fs';
import type { Config } from '../config.js';
import { type InsiClient, simulatedInsi } from './insi.js';
import { type InsiCertificate, soapInsi } from './insi-soap.js';

/**
 * The INSi client the configuration asks for. The teleservice needs the laboratory's organisation
 * certificate, the software's authorisation and the FINESS: a missing one stops the server at start
 * with the settings to fill, rather than failing at the first patient.
 */
export function insiFromConfig(config: Config): InsiClient {
  if (config.INSI_MODE === 'simulator') return simulatedInsi();
  const missing = [
    ['INSI_URL', config.INSI_URL],
    ['INSI_SOFTWARE_AUTHORISATION', config.INSI_SOFTWARE_AUTHORISATION],
    ['INSI_SOFTWARE_INSTANCE', config.INSI_SOFTWARE_INSTANCE],
    ['INSI_FINESS', config.INSI_FINESS],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name);
  const pem = config.INSI_CERT_PEM_PATH && config.INSI_KEY_PEM_PATH;
  if (!pem && !config.INSI_PFX_PATH)
    missing.push('INSI_CERT_PEM_PATH + INSI_KEY_PEM_PATH (or INSI_PFX_PATH)');
  if (missing.length > 0) throw new Error(`INSI_MODE=teleservice needs: ${missing.join(', ')}`);
  if (!pem && config.INSI_ASSERTION) {
    throw new Error(
      'INSI_ASSERTION=true signs with the key in PEM form: set INSI_CERT_PEM_PATH and INSI_KEY_PEM_PATH',
    );
  }
  const certificate: InsiCertificate = pem
    ? {
        cert: readFileSync(config.INSI_CERT_PEM_PATH ?? '', 'utf8'),
        key: readFileSync(config.INSI_KEY_PEM_PATH ?? '', 'utf8'),
        passphrase: config.INSI_KEY_PASSPHRASE,
      }
    : { pfx: readFileSync(config.INSI_PFX_PATH ?? ''), passphrase: config.INSI_PFX_PASSPHRASE };
  return soapInsi({
    url: config.INSI_URL ?? '',
    certificate,
    software: {
      authorisation: config.INSI_SOFTWARE_AUTHORISATION ?? '',
      name: config.INSI_SOFTWARE_NAME,
      version: config.INSI_SOFTWARE_VERSION,
      instance: config.INSI_SOFTWARE_INSTANCE ?? '',
    },
    structureId: config.INSI_FINESS ?? '',
    timeoutMs: config.INSI_TIMEOUT_MS,
    assertion: config.INSI_ASSERTION,
    activitySector: config.INSI_ACTIVITY_SECTOR,
    ca: config.INSI_CA_PATH ? readFileSync(config.INSI_CA_PATH) : undefined,
  });
}

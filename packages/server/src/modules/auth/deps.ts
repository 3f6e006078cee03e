import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail.js';
import type { SmsSender } from '../../adapters/sms.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/open.js';
import type { OutboundAddresses } from '../../lib/outbound-address.js';
import { recordSecurityEvent, type SecurityEvent } from '../audit/index.js';
import type { AccessTokens } from './access-token.js';
import type { SessionCache } from './session-cache.js';
import type { Throttle } from './throttle.js';

/** What every job of the auth module is given: the database, settings and outside services. */
export interface AuthDeps {
  db: Db;
  config: Config;
  tokens: AccessTokens;
  throttle: Throttle;
  /** The session and user behind an access token, checked against the database on every call. */
  sessionCache: SessionCache;
  mailer: Mailer;
  sms: SmsSender;
  /** Requests to addresses users set (push endpoints): checked, pinned, no redirect followed. */
  outbound: OutboundAddresses;
  log: FastifyBaseLogger;
}

export const securityEvent = (deps: AuthDeps, event: SecurityEvent) =>
  recordSecurityEvent(deps.db, deps.log, event);

/** An ISO instant this many seconds from now: when a session, code or link stops being valid. */
export const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail.js';
import type { SmsSender } from '../../adapters/sms.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/open.js';
import type { AccessTokens } from './access-token.js';
import type { Throttle } from './throttle.js';

export interface AuthDeps {
  db: Db;
  config: Config;
  tokens: AccessTokens;
  throttle: Throttle;
  mailer: Mailer;
  sms: SmsSender;
  log: FastifyBaseLogger;
}

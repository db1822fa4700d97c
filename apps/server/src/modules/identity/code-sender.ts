import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/index';
import * as repo from './identity.repo';

/** The slice of the server's logger this module writes to. */
export interface IdentityLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** One verification code to deliver. */
export interface CodeMessage {
  account: string;
  channel: 'sms' | 'email';
  purpose: string;
  code: string;
}

/** The adapter between the platform and an SMS / e-mail gateway. */
export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
}

type DevOutboxWriter = (entry: { account: string; channel: 'sms' | 'email' | 'captcha'; purpose: string; code: string }) => Promise<void>;

/** Writes what a human would have received into the dev outbox (development and test mode only). */
export function createDevOutboxWriter(deps: { db: Db; clock: Clock; log?: IdentityLog | undefined }): DevOutboxWriter {
  return async (entry) => {
    deps.log?.info(entry, 'dev outbox');
    await repo.insertDevOutbox(deps.db, { ...entry, createdAt: deps.clock.now() });
  };
}

/** Development and tests: nothing leaves the machine; codes are logged and kept in the dev outbox. */
export function createDevCodeSender(write: DevOutboxWriter): CodeSender {
  return { send: (message) => write(message) };
}

/**
 * Production without a configured gateway: codes cannot be delivered, and the log says so loudly
 * rather than pretending. The code itself is never logged.
 */
export function createUnconfiguredCodeSender(log: IdentityLog): CodeSender {
  return {
    async send(message) {
      log.error({ channel: message.channel, purpose: message.purpose }, 'no SMS / e-mail gateway is configured: verification code not delivered');
    },
  };
}

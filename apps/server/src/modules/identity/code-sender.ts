import nodemailer from 'nodemailer';
import { ResultCode } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Config, SmtpConfig } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { fixedError } from '../../platform/http/index';
import { render, text } from '../../platform/i18n/index';
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

/** The gateway took no delivery: the user is told to try again, the operator sees why in the log. */
export class CodeDeliveryError extends fixedError(ResultCode.internal, 503, text('验证码发送失败，请稍后再试', 'The code could not be sent; try again later', '驗證碼發送失敗，請稍後再試')) {}

const MAIL_SUBJECT = text('您的验证码', 'Your verification code', '您的驗證碼');
const MAIL_BODY = text(
  '您的验证码是 {code}，10 分钟内有效。如非本人操作，请忽略本邮件。',
  'Your verification code is {code}. It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.',
  '您的驗證碼是 {code}，10 分鐘內有效。如非本人操作，請忽略本郵件。',
);

/**
 * E-mail codes over SMTP. The message carries all three languages: a code is often asked for
 * before the platform knows the reader's language (sign-up, password reset).
 */
export function createSmtpCodeSender(smtp: SmtpConfig, log: IdentityLog): CodeSender {
  const transport = nodemailer.createTransport(
    smtp.url ?? {
      host: smtp.host,
      port: smtp.port ?? (smtp.secure ? 465 : 587),
      secure: smtp.secure ?? false,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
    },
  );
  return {
    async send(message) {
      const langs = ['cn', 'tw', 'en'] as const;
      try {
        await transport.sendMail({
          from: smtp.from,
          to: message.account,
          subject: `${render(MAIL_SUBJECT, 'cn')} / ${render(MAIL_SUBJECT, 'en')}`,
          text: langs.map((lang) => render(MAIL_BODY, lang, { code: message.code })).join('\n\n'),
        });
      } catch (err) {
        log.error({ err: { message: (err as Error).message }, purpose: message.purpose }, 'e-mail code not delivered');
        throw new CodeDeliveryError();
      }
    },
  };
}

/** Sends each code through its own channel's sender. */
export function routeCodes(senders: Record<CodeMessage['channel'], CodeSender>): CodeSender {
  return { send: (message) => senders[message.channel].send(message) };
}

/**
 * The senders the configuration chose. A sandbox writes to the dev outbox in development and test;
 * in production (where the operator opted in to it) there is no outbox, so it delivers nothing
 * and logs that without the code.
 */
export function createConfiguredCodeSender(deps: {
  config: Pick<Config, 'adapters' | 'smtp' | 'isDevelopment'>;
  writeDevOutbox: DevOutboxWriter | undefined;
  log: IdentityLog;
}): CodeSender {
  const { config, writeDevOutbox, log } = deps;
  const sandbox = writeDevOutbox ? createDevCodeSender(writeDevOutbox) : createUnconfiguredCodeSender(log);
  const smtp = config.adapters.email === 'smtp' && config.smtp ? createSmtpCodeSender(config.smtp, log) : undefined;
  return routeCodes({ sms: sandbox, email: smtp ?? sandbox });
}

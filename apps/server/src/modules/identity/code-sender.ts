import nodemailer from 'nodemailer';
import { ResultCode } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Config, SmtpConfig } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { fixedError } from '../../platform/http/index';
import { render, text, type LocalizedText } from '../../platform/i18n/index';
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
  /** The phrase the account chose, shown in the message so the reader can tell it comes from the platform. */
  antiPhishingCode?: string | undefined;
}

/** A message that carries no code: a sign-in from a browser and address the account has not used before. */
export interface NoticeMessage {
  account: string;
  channel: 'sms' | 'email';
  kind: 'newDevice';
  /** Where and on what the sign-in happened, and when (ISO). */
  params: { ip: string; userAgent: string; at: string };
  antiPhishingCode?: string | undefined;
}

/** The adapter between the platform and an SMS / e-mail gateway. */
export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
  notify(message: NoticeMessage): Promise<void>;
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
export function createDevCodeSender(write: DevOutboxWriter, log?: IdentityLog): CodeSender {
  return {
    send: ({ account, channel, purpose, code }) => write({ account, channel, purpose, code }),
    // Notices carry no code, so they stay out of the outbox that tests and staff read codes from.
    notify: async (message) => log?.info({ channel: message.channel, kind: message.kind }, 'dev notice'),
  };
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
    async notify(message) {
      log.error({ channel: message.channel, kind: message.kind }, 'no SMS / e-mail gateway is configured: notice not delivered');
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

const NEW_DEVICE_SUBJECT = text('新设备登录提醒', 'Sign-in from a new device', '新設備登入提醒');
const NEW_DEVICE_BODY = text(
  '您的账号于 {at}（UTC）在新的设备上登录：IP {ip}，浏览器 {userAgent}。如非本人操作，请立即修改密码并在“安全设置”中退出所有设备。',
  'Your account was signed in from a new device at {at} (UTC): IP {ip}, browser {userAgent}. If this was not you, change your password now and log out everywhere under Security.',
  '您的帳號於 {at}（UTC）在新的設備上登入：IP {ip}，瀏覽器 {userAgent}。如非本人操作，請立即修改密碼並在「安全設置」中登出所有設備。',
);
const ANTI_PHISHING_LINE = text('防钓鱼码：{antiPhishingCode}', 'Anti-phishing code: {antiPhishingCode}', '防釣魚碼：{antiPhishingCode}');

/**
 * Every e-mail's text in all three languages (the platform often writes before it knows the
 * reader's language: sign-up, password reset), each led by the account's anti-phishing code when
 * one is set, as phishing mails cannot know it.
 */
function mailText(body: LocalizedText, params: Record<string, string>, antiPhishingCode: string | undefined): string {
  const langs = ['cn', 'tw', 'en'] as const;
  return langs
    .map((lang) => {
      const line = render(body, lang, params);
      return antiPhishingCode ? `${render(ANTI_PHISHING_LINE, lang, { antiPhishingCode })}\n${line}` : line;
    })
    .join('\n\n');
}

const bilingual = (subject: LocalizedText) => `${render(subject, 'cn')} / ${render(subject, 'en')}`;

/** E-mail codes and notices over SMTP. */
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
      try {
        await transport.sendMail({ from: smtp.from, to: message.account, subject: bilingual(MAIL_SUBJECT), text: mailText(MAIL_BODY, { code: message.code }, message.antiPhishingCode) });
      } catch (err) {
        log.error({ err: { message: (err as Error).message }, purpose: message.purpose }, 'e-mail code not delivered');
        throw new CodeDeliveryError();
      }
    },
    // A notice is a courtesy: a gateway failure is logged, never turned into a failed sign-in.
    async notify(message) {
      try {
        await transport.sendMail({ from: smtp.from, to: message.account, subject: bilingual(NEW_DEVICE_SUBJECT), text: mailText(NEW_DEVICE_BODY, message.params, message.antiPhishingCode) });
      } catch (err) {
        log.error({ err: { message: (err as Error).message }, kind: message.kind }, 'e-mail notice not delivered');
      }
    },
  };
}

/** Sends each code through its own channel's sender. */
export function routeCodes(senders: Record<CodeMessage['channel'], CodeSender>): CodeSender {
  return { send: (message) => senders[message.channel].send(message), notify: (message) => senders[message.channel].notify(message) };
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
  const sandbox = writeDevOutbox ? createDevCodeSender(writeDevOutbox, log) : createUnconfiguredCodeSender(log);
  const smtp = config.adapters.email === 'smtp' && config.smtp ? createSmtpCodeSender(config.smtp, log) : undefined;
  return routeCodes({ sms: sandbox, email: smtp ?? sandbox });
}

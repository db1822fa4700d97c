import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { createAccountSecurityService } from './account-security.service';
import { createAccountSettingsService } from './account-settings.service';
import { createBackOfficeService } from './back-office.service';
import { createChallengeService } from './challenge.service';
import { createDevOutboxWriter, type CodeSender, type IdentityLog } from './code-sender';
import { createIdentityHistory, createUserAccounts, type IdentityContext } from './identity.context';
import { createLoginPolicy } from './login-policy';
import { createLoginService } from './login.service';
import { createQrLoginService } from './qr-login.service';
import { createRegistrationService } from './registration.service';
import { createSessionService } from './session.service';
import { createTwoFactorService } from './two-factor.service';

export interface IdentityServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'appSecret' | 'sessionIdleMs' | 'sessionAbsoluteMs' | 'isDevelopment'>;
  firm: IdentityContext['firm'];
  /** The SMS / e-mail gateway the app chose (see `createConfiguredCodeSender`). */
  codeSender: CodeSender;
  log: IdentityLog;
}

/**
 * Accounts, sessions, codes, captchas, QR login and back-office login: one service to the routes,
 * built from one file per subject.
 */
export function createIdentityService(deps: IdentityServiceDeps) {
  const { db, clock, config, firm } = deps;
  // Development and test show captcha answers in the dev outbox, so automated logins can read them.
  const writeDevOutbox = config.isDevelopment ? createDevOutboxWriter({ db, clock, log: deps.log }) : undefined;
  const challenge = createChallengeService({
    db,
    clock,
    secret: config.appSecret,
    sender: deps.codeSender,
    // Called only once codes are sent, when the security service below exists.
    antiPhishingOf: (account) => accountSecurity.antiPhishingOf(account),
    revealCaptcha: writeDevOutbox && ((captchaId, answer) => writeDevOutbox({ account: captchaId, channel: 'captcha', purpose: 'captcha', code: answer })),
  });
  const sessions = createSessionService({ db, clock, config });
  const history = createIdentityHistory({ db, clock });
  const accounts = createUserAccounts({ db, firm, sessions, history });
  const twoFactor = createTwoFactorService({ db, clock, appSecret: config.appSecret, history });
  const accountSecurity = createAccountSecurityService({ db, clock, sessions, history, accounts, twoFactor, sender: deps.codeSender, sessionIdleMs: config.sessionIdleMs });
  const ctx: IdentityContext = {
    db,
    clock,
    firm,
    challenge,
    sessions,
    history,
    policy: createLoginPolicy({ clock, challenge }),
    accounts,
    twoFactor,
    devices: accountSecurity,
  };

  return {
    sessionResolver: sessions.resolver,
    ...createRegistrationService(ctx),
    ...createLoginService(ctx),
    ...createQrLoginService(ctx),
    ...createAccountSettingsService(ctx),
    ...createBackOfficeService(ctx),
    ...accountSecurity,
    /** Guards a user's action (withdrawal, API key) with the second factor when the user turned it on. */
    requireSecondFactor: twoFactor.requireSecondFactor,
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

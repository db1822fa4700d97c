import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminDevOutboxRequest,
  AdminListRequest,
  AdminLoginRequest,
  AdminPath,
  AdminProprietaryRequest,
  AdminSession,
  AdminStaff,
  AdminUserRow,
  CaptchaAnswer,
  CaptchaChallenge,
  CaptchaValidateResult,
  ChangePasswordRequest,
  ChangePhoneRequest,
  CheckPasswordResult,
  CodeLoginRequest,
  DevOutboxEntry,
  DevOutboxQuery,
  ForgotPasswordRequest,
  IdentityPath,
  LoginRequest,
  QrConfirmRequest,
  QrResult,
  QrResultRequest,
  QrTicket,
  SendCodeResult,
  SessionInfo,
  SetLanguageRequest,
  SetPasswordRequest,
  UserInfo,
  pageOf,
} from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import { accountLimiter } from '../../platform/http/account-limits';
import { NoValue, RegisterBody, SendCodeBody, normalizeAccount, type RequestMeta } from './identity.schemas';
import type { IdentityService } from './identity.service';
import { registerSecurityRoutes } from './security.routes';

/**
 * Per-IP limits, on top of the per-account limits in the service. Generous enough for an office
 * behind one address; tight enough to stop a script.
 */
const PER_IP = {
  captcha: { max: 60, timeWindow: '1 minute' },
  sendCode: { max: 20, timeWindow: '1 minute' },
  register: { max: 10, timeWindow: '1 minute' },
  login: { max: 30, timeWindow: '1 minute' },
  password: { max: 10, timeWindow: '1 minute' },
  qrGenerate: { max: 30, timeWindow: '1 minute' },
  qrPoll: { max: 120, timeWindow: '1 minute' },
} as const;

const metaOf = (request: FastifyRequest): RequestMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });

export interface IdentityRouteOptions {
  /** Registers the dev outbox (GET /api/dev/outbox and the back office's page); never true in production. */
  devOutbox: boolean;
}

/**
 * Per account, whatever address the requests come from: a guesser spreading one account's login
 * attempts over many addresses is stopped here (the lockout after failed logins still applies).
 * Codes are limited per account by the challenge service (one a minute, ten an hour).
 */
const PER_ACCOUNT = {
  // Successful logins count too (one store for both, no peek). Guessing is stopped earlier by the
  // image code after three failures and the lock after five; this cap stops scripts that sign in
  // in a loop. Shared back-office accounts used by tools that sign in per task (a review queue, a
  // test run) reach sixty in ten minutes, so the cap sits above that.
  login: { max: 120, timeWindow: '10 minutes' },
} as const;

const bodyField = (request: FastifyRequest, field: string): string | undefined => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? normalizeAccount(value) : undefined;
};

export function registerIdentityRoutes(app: FastifyInstance, identity: IdentityService, options: IdentityRouteOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const post = postRoutes(app, {
    user: { auth: 'user' },
    captcha: { auth: 'none', rateLimit: PER_IP.captcha },
    sendCode: { auth: 'optional', rateLimit: PER_IP.sendCode },
    register: { auth: 'none', rateLimit: PER_IP.register },
    qrPoll: { auth: 'none', rateLimit: PER_IP.qrPoll },
    password: { auth: 'none', rateLimit: PER_IP.password },
    // Security settings: the user's second factor (when on) is checked before the handler runs.
    userPassword: { auth: 'user', rateLimit: PER_IP.password, secondFactor: true },
    userSecurity: { auth: 'user', secondFactor: true },
    usersManager: { auth: { staff: 'users.manage' } },
  });
  const loginLimit = accountLimiter(app, { name: 'login', ...PER_ACCOUNT.login, accountOf: (request) => bodyField(request, 'loginAccount') });
  const staffLoginLimit = accountLimiter(app, { name: 'staffLogin', ...PER_ACCOUNT.login, accountOf: (request) => bodyField(request, 'account') });

  r.post(
    IdentityPath.captchaGenerate,
    { schema: { response: replyOf(CaptchaChallenge) }, config: { auth: 'none', rateLimit: PER_IP.captcha } },
    async () => ok(await identity.generateCaptcha()),
  );
  post.captcha(IdentityPath.captchaValidate, CaptchaAnswer, CaptchaValidateResult, (body) => identity.validateCaptcha(body));
  post.sendCode(IdentityPath.sendCode, SendCodeBody, SendCodeResult, (body, request) => identity.sendCode(body, request.auth, metaOf(request)));
  post.register(IdentityPath.register, RegisterBody, SessionInfo, (body, request) => identity.register(body, metaOf(request)));
  r.post(
    IdentityPath.login,
    { schema: { body: LoginRequest, response: replyOf(SessionInfo) }, config: { auth: 'none', rateLimit: PER_IP.login }, preHandler: loginLimit },
    async (request) => ok(await identity.login(request.body, metaOf(request))),
  );
  r.post(
    IdentityPath.loginByCode,
    { schema: { body: CodeLoginRequest, response: replyOf(SessionInfo) }, config: { auth: 'none', rateLimit: PER_IP.login }, preHandler: loginLimit },
    async (request) => ok(await identity.loginByCode(request.body, metaOf(request))),
  );
  r.post(
    IdentityPath.logout,
    { schema: { response: replyOf(NoValue) }, config: { auth: 'user' } },
    async (request) => ok(await identity.logout(caller(request), metaOf(request))),
  );

  r.post(
    IdentityPath.qrGenerate,
    { schema: { response: replyOf(QrTicket) }, config: { auth: 'none', rateLimit: PER_IP.qrGenerate } },
    async (request) => ok(await identity.generateQr(metaOf(request))),
  );
  post.qrPoll(IdentityPath.qrResult, QrResultRequest, QrResult, (body, request) => identity.qrResult(body, metaOf(request)));
  post.user(IdentityPath.qrConfirm, QrConfirmRequest, NoValue, (body, request) => identity.confirmQr(caller(request), body, metaOf(request)));

  post.password(IdentityPath.forgotPassword, ForgotPasswordRequest, NoValue, (body, request) => identity.forgotPassword(body, metaOf(request)));
  post.userPassword(IdentityPath.changePassword, ChangePasswordRequest, NoValue, (body, request) => identity.changePassword(caller(request), body, metaOf(request)));
  post.userSecurity(IdentityPath.setPassword, SetPasswordRequest, NoValue, (body, request) => identity.setPassword(caller(request), body, metaOf(request)));
  r.post(
    IdentityPath.checkPassword,
    { schema: { response: replyOf(CheckPasswordResult) }, config: { auth: 'user' } },
    async (request) => ok(await identity.checkPassword(caller(request))),
  );
  post.userSecurity(IdentityPath.changePhone, ChangePhoneRequest, UserInfo, (body, request) => identity.changePhone(caller(request), body, metaOf(request)));
  r.post(
    IdentityPath.userInfo,
    { schema: { response: replyOf(UserInfo) }, config: { auth: 'user' } },
    async (request) => ok(await identity.userInfo(caller(request))),
  );
  post.user(IdentityPath.setLanguage, SetLanguageRequest, NoValue, (body, request) => identity.setLanguage(caller(request), body, metaOf(request)));
  registerSecurityRoutes(app, identity);

  // ---- back office ----
  r.post(
    AdminPath.login,
    { schema: { body: AdminLoginRequest, response: replyOf(AdminSession) }, config: { auth: 'none', rateLimit: PER_IP.login }, preHandler: staffLoginLimit },
    async (request) => ok(await identity.adminLogin(request.body, metaOf(request))),
  );
  r.post(
    AdminPath.logout,
    { schema: { response: replyOf(NoValue) }, config: { auth: 'staff' } },
    async (request) => ok(await identity.adminLogout(caller(request), metaOf(request))),
  );
  r.post(
    AdminPath.me,
    { schema: { response: replyOf(AdminStaff) }, config: { auth: 'staff' } },
    async (request) => ok(await identity.adminMe(caller(request))),
  );
  post.usersManager(AdminPath.users, AdminListRequest, pageOf(AdminUserRow), (body) => identity.adminUsers(body));
  post.usersManager(AdminPath.userProprietary, AdminProprietaryRequest, NoValue, (body, request) => identity.adminSetProprietary(caller(request), body));
  if (options.devOutbox) {
    r.post(
      AdminPath.devOutbox,
      { schema: { body: AdminDevOutboxRequest, response: replyOf(pageOf(DevOutboxEntry)) }, config: { auth: { staff: 'sandbox.control' } } },
      async (request) => ok(await identity.adminDevOutbox(request.body)),
    );
    r.get(
      IdentityPath.devOutbox,
      { schema: { querystring: DevOutboxQuery, response: replyOf(z.array(DevOutboxEntry)) }, config: { auth: 'none' } },
      async (request) => ok(await identity.devOutbox(request.query.account)),
    );
  }
}

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
import { caller, ok, replyOf } from '../../platform/http/index';
import { accountLimiter } from '../../platform/http/account-limits';
import { NoValue, RegisterBody, SendCodeBody, normalizeAccount, type RequestMeta } from './identity.schemas';
import type { IdentityService } from './identity.service';

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
  // Successful logins count too (one store for both, no peek); no person signs in sixty times in
  // ten minutes, while scripts and back-office tools that sign in per task stay well under it.
  login: { max: 60, timeWindow: '10 minutes' },
} as const;

const bodyField = (request: FastifyRequest, field: string): string | undefined => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? normalizeAccount(value) : undefined;
};

export function registerIdentityRoutes(app: FastifyInstance, identity: IdentityService, options: IdentityRouteOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loginLimit = accountLimiter(app, { name: 'login', ...PER_ACCOUNT.login, accountOf: (request) => bodyField(request, 'loginAccount') });
  const staffLoginLimit = accountLimiter(app, { name: 'staffLogin', ...PER_ACCOUNT.login, accountOf: (request) => bodyField(request, 'account') });

  r.post(
    IdentityPath.captchaGenerate,
    { schema: { response: replyOf(CaptchaChallenge) }, config: { auth: 'none', rateLimit: PER_IP.captcha } },
    async () => ok(await identity.generateCaptcha()),
  );
  r.post(
    IdentityPath.captchaValidate,
    { schema: { body: CaptchaAnswer, response: replyOf(CaptchaValidateResult) }, config: { auth: 'none', rateLimit: PER_IP.captcha } },
    async (request) => ok(await identity.validateCaptcha(request.body)),
  );
  r.post(
    IdentityPath.sendCode,
    { schema: { body: SendCodeBody, response: replyOf(SendCodeResult) }, config: { auth: 'optional', rateLimit: PER_IP.sendCode } },
    async (request) => ok(await identity.sendCode(request.body, request.auth, metaOf(request))),
  );
  r.post(
    IdentityPath.register,
    { schema: { body: RegisterBody, response: replyOf(SessionInfo) }, config: { auth: 'none', rateLimit: PER_IP.register } },
    async (request) => ok(await identity.register(request.body, metaOf(request))),
  );
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
  r.post(
    IdentityPath.qrResult,
    { schema: { body: QrResultRequest, response: replyOf(QrResult) }, config: { auth: 'none', rateLimit: PER_IP.qrPoll } },
    async (request) => ok(await identity.qrResult(request.body, metaOf(request))),
  );
  r.post(
    IdentityPath.qrConfirm,
    { schema: { body: QrConfirmRequest, response: replyOf(NoValue) }, config: { auth: 'user' } },
    async (request) => ok(await identity.confirmQr(caller(request), request.body, metaOf(request))),
  );

  r.post(
    IdentityPath.forgotPassword,
    { schema: { body: ForgotPasswordRequest, response: replyOf(NoValue) }, config: { auth: 'none', rateLimit: PER_IP.password } },
    async (request) => ok(await identity.forgotPassword(request.body, metaOf(request))),
  );
  r.post(
    IdentityPath.changePassword,
    { schema: { body: ChangePasswordRequest, response: replyOf(NoValue) }, config: { auth: 'user', rateLimit: PER_IP.password } },
    async (request) => ok(await identity.changePassword(caller(request), request.body, metaOf(request))),
  );
  r.post(
    IdentityPath.setPassword,
    { schema: { body: SetPasswordRequest, response: replyOf(NoValue) }, config: { auth: 'user' } },
    async (request) => ok(await identity.setPassword(caller(request), request.body, metaOf(request))),
  );
  r.post(
    IdentityPath.checkPassword,
    { schema: { response: replyOf(CheckPasswordResult) }, config: { auth: 'user' } },
    async (request) => ok(await identity.checkPassword(caller(request))),
  );
  r.post(
    IdentityPath.changePhone,
    { schema: { body: ChangePhoneRequest, response: replyOf(UserInfo) }, config: { auth: 'user' } },
    async (request) => ok(await identity.changePhone(caller(request), request.body, metaOf(request))),
  );
  r.post(
    IdentityPath.userInfo,
    { schema: { response: replyOf(UserInfo) }, config: { auth: 'user' } },
    async (request) => ok(await identity.userInfo(caller(request))),
  );
  r.post(
    IdentityPath.setLanguage,
    { schema: { body: SetLanguageRequest, response: replyOf(NoValue) }, config: { auth: 'user' } },
    async (request) => ok(await identity.setLanguage(caller(request), request.body, metaOf(request))),
  );

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
  r.post(
    AdminPath.users,
    { schema: { body: AdminListRequest, response: replyOf(pageOf(AdminUserRow)) }, config: { auth: { staff: 'users.manage' } } },
    async (request) => ok(await identity.adminUsers(request.body)),
  );
  r.post(
    AdminPath.userProprietary,
    { schema: { body: AdminProprietaryRequest, response: replyOf(NoValue) }, config: { auth: { staff: 'users.manage' } } },
    async (request) => ok(await identity.adminSetProprietary(caller(request), request.body)),
  );
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

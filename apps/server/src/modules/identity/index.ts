/** The identity module's public surface: accounts, sessions, codes, captchas, QR login and back-office login. */
export { createIdentityService, type IdentityService, type IdentityServiceDeps } from './identity.service';
export { registerIdentityRoutes, type IdentityRouteOptions } from './identity.routes';
export { createConfiguredCodeSender, createDevCodeSender, createDevOutboxWriter, createSmtpCodeSender, type CodeMessage, type CodeSender } from './code-sender';
export { AccountStatus, RealNameState, SeniorState } from './identity.states';
export { seedDemoIdentities, type DemoAccounts, type DemoIdentitySpec } from './demo.seed';
export { hashPassword, verifyPassword } from './secrets';
export { syncSessionCache } from './session-cache';
export {
  createPaymentPasswordService,
  PaymentPasswordWrongError,
  PaymentPasswordNotSetError,
  PaymentPasswordLockedError,
  type PaymentPasswordService,
  type PaymentPasswordServiceDeps,
} from './payment-password.service';
export { registerPaymentPasswordRoutes } from './payment-password.routes';
export { setCertificationStatus, findUserIdByAccount } from './certification';
export { createUserDirectory, type UserDirectory, type UserDirectoryDeps } from './user-directory';
export { registerInvitationRoutes } from './invitation.routes';
export { assertNotProprietary, proprietaryRefusals, setProprietary, ProprietaryMemberError } from './membership';
export { firmAccounts, platformStaff, staffPositionOf, type FirmAccount, type FirmAccounts, type PlatformStaffMember } from './staff-accounts';

/** Real-name and senior identity verification, their staff review, and the gates other modules call. */
export { createVerificationService, assertRealNameVerified, assertSeniorVerified, realNameRefusals, realNameIdentityOf } from './verification.service';
export { VerificationEvents } from './verification.events';
export type { VerificationService, VerificationServiceDeps } from './verification.service';
export { registerVerificationRoutes } from './verification.routes';
export { NotVerifiedError } from './verification.errors';
export { createIdNumberCipher, type IdNumberCipher } from './id-cipher';

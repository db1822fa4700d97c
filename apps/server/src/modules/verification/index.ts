/** Real-name and senior identity verification, their staff review, and the gates other modules call. */
export { createVerificationService, assertRealNameVerified, assertSeniorVerified, realNameRefusals, VerificationEvents } from './verification.service';
export type { VerificationService, VerificationServiceDeps } from './verification.service';
export { registerVerificationRoutes } from './verification.routes';
export { NotVerifiedError } from './verification.errors';

/** Payment by the two mobile payment providers (Alipay- and WeChat-Pay-shaped): QR payments, signed notifications, refunds, daily bill reconciliation and the sandbox providers. */
export {
  createMobilePayService,
  clearingAccount,
  MobilePayJobs,
  type MobilePayService,
  type MobilePayServiceDeps,
  type MobilePayChannel,
  type MobilePaidEvent,
  type MobilePayPurposeHandler,
  type CreateMobilePaymentInput,
  type RefundMobilePaymentInput,
} from './mobilepay.service';
export type { MobilePayProvider, ProviderNotice, BillLine } from './providers/provider';
export { registerMobilePayRoutes, type MobilePayRouteOptions } from './mobilepay.routes';
export { createMobileReconciliation, type MobileReconciliation } from './reconciliation';
export { createSandboxMobilePay, MobilePaySandboxJobs, type SandboxMobilePay, type NotificationDelivery } from './sandbox/sandbox-providers';

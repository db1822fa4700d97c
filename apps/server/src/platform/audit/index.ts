export { appendAudit, verifyAuditChain, canonicalJson, hashOf as auditHashOf, GENESIS_HASH } from './audit';
export type { AuditEntry, AuditChainReport, HashedFields as AuditHashedFields } from './audit';

export { appendAudit, verifyAuditChain, canonicalJson, hashOf as auditHashOf, GENESIS_HASH, configureAuditKey, deriveAuditKey } from './audit';
export type { AuditEntry, AuditChainReport, HashedFields as AuditHashedFields } from './audit';
export { AUDIT_CHECKPOINT_FILE, AUDIT_CHECKPOINT_JOB, registerAuditCheckpoint, verifyAudit, verifyAuditCheckpoints, writeAuditCheckpoint } from './checkpoint';
export type { AuditVerification } from './checkpoint';
export { lastAuditOf, searchAudit } from './query';
export type { AuditSearch } from './query';

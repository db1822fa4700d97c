/**
 * `npm run audit:verify`: proves the audit log of the database the server uses: every row's keyed
 * hash and link, and every signed checkpoint in DATA_DIR. Exits 1 when anything was changed,
 * removed or cut off (2 when it cannot safely look), so it can gate a deploy or run from cron.
 */
import { configureAuditKey, verifyAudit } from '../platform/audit/index';
import { runVerifyCommand } from './verify-command';

runVerifyCommand({
  name: 'audit:verify',
  title: 'Audit chain verification',
  backOffice: '审计日志 → 校验审计链',
  async check({ database, dataDir, config }) {
    configureAuditKey(config.appSecret);
    const report = await verifyAudit(database.db, dataDir);
    const lines = [`  rows ${report.checked}, checkpoints ${report.checkpoints}`];
    if (report.brokenId) lines.push(`  BROKEN: row ${report.brokenId} was changed, removed or inserted (its keyed hash or link does not hold).`);
    if (report.checkpointProblem) lines.push(`  BROKEN: ${report.checkpointProblem}.`);
    if (report.ok) lines.push('  OK: every row’s keyed hash and link hold, and every signed checkpoint matches its row.');
    return { ok: report.ok, checkedAt: report.checkedAt, lines };
  },
});

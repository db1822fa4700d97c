/**
 * `npm run ledger:verify`: proves the books of the database the server uses. Exits 1 on any
 * mismatch (2 when it cannot safely look), so it can gate a deploy or run from cron.
 */
import { verifyLedger } from '../modules/ledger/index';
import { runVerifyCommand } from './verify-command';

runVerifyCommand({
  name: 'ledger:verify',
  title: 'Ledger verification',
  backOffice: 'POST /api/admin/ledger/verify',
  async check({ database }) {
    const report = await verifyLedger(database.db);
    const lines = [`  accounts ${report.accounts}, journals ${report.journals}, postings ${report.postings}`];
    if (report.ok) {
      lines.push('  OK: every balance equals its postings, every journal sums to zero per currency, no account is wrongly negative.');
    } else {
      lines.push(`  ${report.mismatches.length} mismatch(es):`);
      for (const m of report.mismatches) {
        const at = [
          m.accountId && `account ${m.accountId}`,
          m.journalId && `journal ${m.journalId}`,
          m.postingId && `posting ${m.postingId}`,
          m.currency,
        ].filter(Boolean);
        const values = m.expected !== null || m.actual !== null ? ` expected ${m.expected ?? '-'} actual ${m.actual ?? '-'}` : '';
        lines.push(`    ${m.kind}: ${at.join(', ')}${values}`);
      }
    }
    return { ok: report.ok, checkedAt: report.checkedAt, lines };
  },
});

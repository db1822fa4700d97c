import { count, desc, eq } from 'drizzle-orm';
import type { InvitationInfo, InvitationRecord, Page } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { users } from './identity.tables';

/** 138****0001 for numbers; a***@example.com for e-mail addresses. */
export function maskAccount(tel: string | null, email: string | null): string {
  if (tel) return `${tel.slice(0, 3)}****${tel.slice(-4)}`;
  if (!email) return '';
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** The user's own invitation code and the address that pre-fills it at sign-up. */
export async function invitationOf(db: DbOrTx, userId: number, registerPath: string): Promise<InvitationInfo> {
  const [row] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId)).limit(1);
  const code = row?.code ?? '';
  return { code, link: `${registerPath}/${code}` };
}

/** Who signed up with the user's code: masked account, time and verification state, newest first. */
export async function invitationRecords(db: DbOrTx, userId: number, page: { page: number; size: number }): Promise<Page<InvitationRecord>> {
  const where = eq(users.invitedBy, userId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ tel: users.tel, email: users.email, createdAt: users.createdAt, userCerStatus: users.userCerStatus, highCerStatus: users.highCerStatus })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .offset(page.page * page.size)
      .limit(page.size),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    content: rows.map((row) => ({
      account: maskAccount(row.tel, row.email),
      registeredAt: row.createdAt.toISOString(),
      realName: row.userCerStatus === '1' ? '1' : '0',
      senior: (['0', '1', '2', '3'] as const).find((s) => s === row.highCerStatus) ?? '0',
    })),
    total: totals?.total ?? 0,
    page: page.page,
    size: page.size,
  };
}

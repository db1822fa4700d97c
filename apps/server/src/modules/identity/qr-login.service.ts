import { randomUUID } from 'node:crypto';
import type { QrResult, QrTicket } from '@tp/contract';
import { withTransaction } from '../../platform/db/index';
import { BadRequestError, type AuthContext } from '../../platform/http/index';
import type { IdentityContext } from './identity.context';
import { MESSAGES } from './identity.errors';
import * as repo from './identity.repo';
import { idOf, type RequestMeta } from './identity.schemas';
import { AccountStatus, LoginMethod, QrLoginStatus } from './identity.states';

export const QR_TTL_MS = 2 * 60_000;
/** A confirmed QR ticket must be collected by the polling browser within this time. */
const QR_DELIVERY_MS = 60_000;

/** QR login: the browser shows a ticket, a logged-in phone approves it, the browser's poll receives a session once. */
export function createQrLoginService(ctx: Pick<IdentityContext, 'db' | 'clock' | 'history' | 'accounts'>) {
  const { db, clock, history, accounts } = ctx;
  const expired: QrResult = { status: QrLoginStatus.expired };

  return {
    async generateQr(meta: RequestMeta): Promise<QrTicket> {
      const uuid = randomUUID();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + QR_TTL_MS);
      await repo.insertQr(db, { uuid, status: QrLoginStatus.waiting, expiresAt, ip: meta.ip, createdAt: now });
      return { uuid, content: `/QRCodeLogin?confirm=${uuid}`, expiresAt: expiresAt.toISOString() };
    },

    /** A logged-in user (on the phone) approves the browser that shows this QR code. */
    async confirmQr(auth: AuthContext, request: { uuid: string }, meta: RequestMeta): Promise<null> {
      const user = await accounts.currentUser(auth);
      const now = clock.now();
      const row = await repo.findQr(db, { uuid: request.uuid });
      if (!row || row.status !== QrLoginStatus.waiting || row.expiresAt.getTime() <= now.getTime()) {
        if (row?.status === QrLoginStatus.waiting) await repo.expireQr(db, { uuid: row.uuid });
        throw new BadRequestError(MESSAGES.qrInvalid);
      }
      const sessionId = idOf(auth.sessionId) ?? 0;
      if (!(await repo.confirmQr(db, { uuid: row.uuid, userId: user.id, confirmingSessionId: sessionId, at: now }))) throw new BadRequestError(MESSAGES.qrInvalid);
      await history.account(db, { userId: user.id, action: 'qr.confirmed', detail: { uuid: row.uuid }, meta });
      return null;
    },

    /** The browser's poll: waiting, expired, or confirmed with a fresh session, handed out exactly once. */
    async qrResult(request: { uuid: string }, meta: RequestMeta): Promise<QrResult> {
      const now = clock.now();
      const row = await repo.findQr(db, { uuid: request.uuid });
      if (!row) return expired;
      if (row.status === QrLoginStatus.waiting) {
        if (row.expiresAt.getTime() > now.getTime()) return { status: QrLoginStatus.waiting };
        await repo.expireQr(db, { uuid: row.uuid });
        return expired;
      }
      if (row.status === QrLoginStatus.expired) return expired;
      if (row.deliveredAt) return { status: QrLoginStatus.confirmed };
      const session = await withTransaction(db, async (tx) => {
        const claim = await repo.claimQrDelivery(tx, { uuid: row.uuid, at: now, confirmedAfter: new Date(now.getTime() - QR_DELIVERY_MS) });
        if (!claim) return null;
        const user = await repo.findUser(tx, { userId: claim.userId });
        if (!user || user.status !== AccountStatus.active) return null;
        const started = await accounts.startUserSession(tx, { user, account: user.tel ?? user.email ?? '', method: LoginMethod.qr, keepSessionId: claim.confirmingSessionId, meta });
        await repo.setQrSession(tx, { uuid: row.uuid, sessionId: started.sessionId });
        return started.info;
      });
      return session ? { status: QrLoginStatus.confirmed, session } : { status: row.deliveredAt ? QrLoginStatus.confirmed : QrLoginStatus.expired };
    },
  };
}

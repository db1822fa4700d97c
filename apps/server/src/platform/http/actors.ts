import type { AuthContext } from './context';

/** Who made a move, as history rows name them: a firm user or a staff member. */
export const userActor = (auth: AuthContext) => `user:${auth.userId}`;
export const staffActor = (auth: AuthContext) => `staff:${auth.userId}`;

/** The firm a logged-in user reads as (its own records show in every state); none for visitors and staff. */
export const viewerFirm = (auth: AuthContext | null) => (auth?.kind === 'user' && auth.firmId ? Number(auth.firmId) : undefined);

/** Acting on a firm's behalf to read its uploads, which are the firm's files (a public picture of its record). */
export const onBehalfOf = (firmId: number, userId: number): AuthContext => ({
  kind: 'user',
  sessionId: '',
  userId: String(userId),
  firmId: String(firmId),
  marketId: '',
  isMainAccount: false,
  language: 'cn',
});

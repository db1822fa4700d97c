import type { AuthContext } from './context';
import { ForbiddenError } from './errors';

/** Back-office calls: refused to anyone but platform staff (a firm user's session never passes). */
export function requireStaff(auth: AuthContext): void {
  if (auth.kind !== 'staff') throw new ForbiddenError();
}

import type { DbOrTx } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import type { FirmService } from './firm.service';
import type { RightCode } from './firm.schemas';

/** The opening line of a firm action: the caller must hold `right` in an active firm. Returns that firm's id. */
export async function requireFirmRight(firm: Pick<FirmService, 'requireRight'>, auth: AuthContext, right: RightCode, tx?: DbOrTx): Promise<number> {
  await firm.requireRight(auth, right, tx);
  return Number(auth.firmId);
}

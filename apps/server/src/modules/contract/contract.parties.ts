import type { DbOrTx } from '../../platform/db/index';
import type { FirmService } from '../firm/index';
import type { PartyCredential } from './contract.tables';

export interface PartyDirectoryDeps {
  firm: Pick<FirmService, 'getFirm'>;
  /** The login a personal firm belongs to (its main account). */
  mainUserOf(tx: DbOrTx, firmId: number): Promise<number | undefined>;
  /** The user's real-name verification, the ID sealed; undefined when not verified. */
  realNameOf(tx: DbOrTx, userId: number): Promise<{ name: string; idNumberMasked: string; idNumberSealed: string | null } | undefined>;
  /** The credit code of a certified enterprise; undefined before certification. */
  creditCodeOf(tx: DbOrTx, firmId: number): Promise<string | undefined>;
}

/**
 * Names a contract's party as the law needs it: a person by real name and resident ID (a personal
 * firm's own name is only its masked phone), an enterprise by its certified name and credit code.
 */
export function createPartyDirectory(deps: PartyDirectoryDeps) {
  return {
    async describe(tx: DbOrTx, firmId: number): Promise<{ name: string; credential: PartyCredential | null } | undefined> {
      const firm = await deps.firm.getFirm(String(firmId), tx);
      if (!firm) return undefined;
      if (firm.userType === 'enterprise') {
        const creditCode = await deps.creditCodeOf(tx, firmId);
        return { name: firm.name, credential: creditCode ? { kind: 'creditCode', value: creditCode } : null };
      }
      const userId = await deps.mainUserOf(tx, firmId);
      const person = userId === undefined ? undefined : await deps.realNameOf(tx, userId);
      if (!person) return { name: firm.name, credential: null };
      return { name: person.name, credential: { kind: 'idNumber', sealed: person.idNumberSealed, masked: person.idNumberMasked } };
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LedgerPath } from '@tp/contract';
import type { Db } from '../../platform/db/index';
import { caller, ok, type AuthContext } from '../../platform/http/index';
import { balancesSchema, flowSchema, verifySchema } from './ledger.schemas';
import type { LedgerOwner } from './ledger.model';
import type { LedgerService } from './ledger.service';

export interface LedgerRoutesDeps {
  db: Db;
  ledger: Pick<LedgerService, 'balances' | 'accountFlow' | 'verify'>;
}

/** The caller's own books: its firm's, or the user's own where the session has no firm. */
function ownerOf(auth: AuthContext): LedgerOwner {
  return auth.firmId ? { ownerType: 'firm', ownerId: auth.firmId } : { ownerType: 'user', ownerId: auth.userId };
}

export function registerLedgerRoutes(app: FastifyInstance, deps: LedgerRoutesDeps): void {
  const http = app.withTypeProvider<ZodTypeProvider>();
  const { db, ledger } = deps;

  http.post(LedgerPath.balances, { config: { auth: 'user' }, schema: balancesSchema }, async (request) =>
    ok(await ledger.balances(db, ownerOf(caller(request)), request.body.currency)),
  );

  http.post(LedgerPath.flow, { config: { auth: 'user' }, schema: flowSchema }, async (request) =>
    ok(await ledger.accountFlow(db, ownerOf(caller(request)), request.body)),
  );

  http.post(LedgerPath.adminVerify, { config: { auth: { staff: 'bank.monitor' } }, schema: verifySchema }, async () => ok(await ledger.verify(db)));
}

import type { FastifyInstance } from 'fastify';
import { registerInternalRoute, type InternalSigner } from '../../platform/cluster/index';
import { ForwardedCommand, SPOT_INTERNAL_PATH } from './forwarding';
import type { SpotService } from './spot.service';

/** The route other instances forward market commands to (signed with APP_SECRET, left out of the API document). */
export function registerSpotInternalRoutes(app: FastifyInstance, spot: Pick<SpotService, 'serve'>, signer: InternalSigner): void {
  registerInternalRoute(app, signer, { path: SPOT_INTERNAL_PATH, command: ForwardedCommand, serve: (command) => spot.serve(command), engine: 'spot' });
}

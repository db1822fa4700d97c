import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SystemPath } from '@tp/contract';
import { caller, ok } from '../../platform/http/index';
import { getSwitchesSchema, updateSwitchesSchema } from './system.schemas';
import type { SystemService } from './system.service';

export function registerSystemRoutes(app: FastifyInstance, deps: { system: Pick<SystemService, 'getSwitches' | 'updateSwitches'> }): void {
  const http = app.withTypeProvider<ZodTypeProvider>();
  const { system } = deps;

  http.get(SystemPath.switches, { schema: getSwitchesSchema }, async () => ok(await system.getSwitches()));

  http.post(SystemPath.adminSwitches, { config: { auth: { staff: 'system.switches' } }, schema: updateSwitchesSchema }, async (request) =>
    ok(await system.updateSwitches(caller(request), request.body)),
  );
}

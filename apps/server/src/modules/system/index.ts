export { createSystemService, getSwitches, assertBankFunctionOpen, SystemEvents, SWITCH_DEFAULTS } from './system.service';
export type { SystemService, SystemServiceDeps } from './system.service';
export { registerSystemRoutes } from './system.routes';

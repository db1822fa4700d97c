export { createSystemService, getSwitches, assertBankFunctionOpen, SWITCH_DEFAULTS } from './system.service';
export { SystemEvents } from './system.events';
export type { SystemService, SystemServiceDeps } from './system.service';
export { registerSystemRoutes } from './system.routes';

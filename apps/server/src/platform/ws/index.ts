export { createWsHub, registerWsRoute } from './hub';
export type { WsHub, WsHubDeps } from './hub';

// antd's App context: what `App.useApp()` reads. Imported from its own module so reading it (or
// providing it, in OnDemandApp) does not bring antd's App, which carries the message,
// notification and modal code. Tests resolve it to the CommonJS build the `antd` entry uses there
// (vitest.config.ts), so that both are one context.
export { default as AntAppContext } from 'antd/es/app/context';
export type { useAppProps as AppApi } from 'antd/es/app/context';

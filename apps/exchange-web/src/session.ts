import { createSessionStore } from '@tp/web-kit';

/** The exchange's session, namespaced so the commodity platform and back office keep their own. */
export const session = createSessionStore({ storageKey: 'tp.exchange.session' });

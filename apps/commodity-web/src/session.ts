import { createSessionStore } from '@tp/web-kit';

/** The commodity platform's session, namespaced so the exchange and back office keep their own. */
export const session = createSessionStore({ storageKey: 'tp.commodity.session' });

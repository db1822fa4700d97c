import { createSessionStore } from '@tp/web-kit';

/** The staff session, namespaced apart from the two products' user sessions. */
export const session = createSessionStore({ storageKey: 'tp.admin.session' });

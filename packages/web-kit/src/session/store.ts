import type { RightEntry, SessionInfo } from '@tp/contract';

/** The session fields the spec keeps in session storage, plus whether the user is a firm's main account. */
export const SESSION_FIELDS = [
  'isLogin',
  'userId',
  'sessionStr',
  'tel',
  'firmId',
  'firmCode',
  'marketId',
  'userType',
  'userCerStatus',
  'nickNameStatus',
  'highCerStatus',
  'isMainAccount',
] as const satisfies readonly (keyof SessionInfo)[];

export type Session = Pick<SessionInfo, (typeof SESSION_FIELDS)[number]>;

export interface SessionSnapshot {
  session: Session | null;
  /** The firm's right codes (the spec's roleRight), loaded after login. */
  rights: readonly RightEntry[];
}

export interface SessionStore {
  /** The stored session; the same object until storage changes, so React can compare snapshots. */
  get(): Session | null;
  snapshot(): SessionSnapshot;
  /** Both the session string and the firm id are stored (the spec's guard rule). */
  isLoggedIn(): boolean;
  set(session: Session | SessionInfo): void;
  update(patch: Partial<Session>): void;
  setRights(rights: readonly RightEntry[]): void;
  hasRight(rightCode: string): boolean;
  /** Removes every key of this store's namespace from session and local storage. */
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export interface SessionStoreOptions {
  /** Namespace of the keys, e.g. `tp.commodity.session`; the apps share one origin. */
  storageKey: string;
  storage?: Storage;
  /** Also swept on clear, so nothing of a session outlives it in local storage. */
  persistentStorage?: Storage;
}

const EMPTY: SessionSnapshot = { session: null, rights: [] };

function parse(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function pickSession(source: Session | SessionInfo): Session {
  return Object.fromEntries(SESSION_FIELDS.map((field) => [field, source[field]])) as Session;
}

function removeNamespace(storage: Storage, storageKey: string): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
    (key): key is string => key !== null && (key === storageKey || key.startsWith(`${storageKey}.`)),
  );
  for (const key of keys) storage.removeItem(key);
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { storageKey } = options;
  const storage = options.storage ?? window.sessionStorage;
  const persistent = options.persistentStorage ?? window.localStorage;
  const rightsKey = `${storageKey}.roleRight`;
  const listeners = new Set<() => void>();
  let cached: { sessionRaw: string | null; rightsRaw: string | null; value: SessionSnapshot } | null = null;

  // Re-reads storage on every call (it may be edited outside this store, e.g. by another tab's
  // devtools or a test) but keeps the same snapshot object while the raw strings are unchanged.
  function snapshot(): SessionSnapshot {
    const sessionRaw = storage.getItem(storageKey);
    const rightsRaw = storage.getItem(rightsKey);
    if (cached && cached.sessionRaw === sessionRaw && cached.rightsRaw === rightsRaw) return cached.value;
    const session = parse(sessionRaw);
    const rights = parse(rightsRaw);
    const value: SessionSnapshot =
      session === null && rights === null
        ? EMPTY
        : {
            session: session !== null && typeof session === 'object' ? (session as Session) : null,
            rights: Array.isArray(rights) ? (rights as RightEntry[]) : [],
          };
    cached = { sessionRaw, rightsRaw, value };
    return value;
  }

  function emit(): void {
    for (const listener of listeners) listener();
  }

  const store: SessionStore = {
    get: () => snapshot().session,
    snapshot,
    isLoggedIn() {
      const session = snapshot().session;
      return Boolean(session?.sessionStr && session.firmId);
    },
    set(session) {
      storage.setItem(storageKey, JSON.stringify(pickSession(session)));
      emit();
    },
    update(patch) {
      const current = snapshot().session;
      if (!current) return;
      storage.setItem(storageKey, JSON.stringify({ ...current, ...patch }));
      emit();
    },
    setRights(rights) {
      storage.setItem(rightsKey, JSON.stringify(rights.map(({ rightCode, rightName }) => ({ rightCode, rightName }))));
      emit();
    },
    hasRight: (rightCode) => snapshot().rights.some((right) => right.rightCode === rightCode),
    clear() {
      removeNamespace(storage, storageKey);
      removeNamespace(persistent, storageKey);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

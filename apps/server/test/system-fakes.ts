import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import WebSocket from 'ws';
import { AuthHeader, type Language } from '@tp/contract';
import { buildApp, type App } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { testConfig, type Config } from '../src/platform/config';
import { SessionInvalidError, type AuthContext, type SessionResolver, type StaffAccessResolver } from '../src/platform/http/index';
import { appendAudit } from '../src/platform/audit/index';
import { openTestDatabase } from './harness';
import type { Database } from '../src/platform/db/index';

/**
 * A session resolver for platform tests that must not depend on the identity module: sessions are
 * whatever the test registers, by session string.
 */
export function fakeSessions(): SessionResolver & { add(who: Partial<AuthContext> & { userId: string }): { headers: Record<string, string>; auth: AuthContext } } {
  const sessions = new Map<string, AuthContext>();
  return {
    add(who) {
      const auth: AuthContext = { kind: 'user', sessionId: randomUUID(), firmId: '', marketId: '13', isMainAccount: true, language: 'en' as Language, ...who };
      const sessionStr = `fake-${randomUUID()}`;
      sessions.set(sessionStr, auth);
      return { auth, headers: { [AuthHeader.sessionStr]: sessionStr, [AuthHeader.userId]: auth.userId, [AuthHeader.firmId]: auth.firmId } };
    },
    async resolve(input) {
      const auth = sessions.get(input.sessionStr);
      if (!auth || auth.kind !== input.kind || auth.userId !== input.userId) throw new SessionInvalidError();
      return auth;
    },
  };
}

/** Fake staff are super-administrators: these tests are about the platform, not about staff rights. */
export function fakeSuperAdmins(database: Database): StaffAccessResolver {
  return {
    accessOf: async () => ({ superAdmin: true, rights: [] }),
    recordAction: async (entry) =>
      void (await appendAudit(database.db, { actorKind: 'staff', actorId: entry.staffId, action: entry.action, objectType: 'operation', objectId: entry.objectId, detail: entry.detail })),
  };
}

export interface FakeSessionApp {
  app: App;
  database: Database;
  clock: ManualClock;
  sessions: ReturnType<typeof fakeSessions>;
  close(): Promise<void>;
}

/** The real app over a fresh test database, with fake sessions. */
export async function appWithFakeSessions(overrides: Partial<Config> = {}): Promise<FakeSessionApp> {
  const { database, drop } = await openTestDatabase();
  const clock = new ManualClock(new Date());
  const sessions = fakeSessions();
  const app = await buildApp({ config: testConfig(overrides), database, clock, sessions, staffAccess: fakeSuperAdmins(database) });
  await app.http.ready();
  let closed = false;
  return {
    app,
    database,
    clock,
    sessions,
    close: async () => {
      if (!closed) await app.close();
      closed = true;
      await drop();
    },
  };
}

/** A WebSocket client that records every message and can wait for one. */
export class WsClient {
  readonly messages: Record<string, unknown>[] = [];
  closeCode: number | undefined;
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => this.messages.push(JSON.parse(raw.toString()) as Record<string, unknown>));
    socket.on('close', (code) => {
      this.closeCode = code;
    });
  }

  static async connect(url: string, options: WebSocket.ClientOptions = {}): Promise<WsClient> {
    const socket = new WebSocket(url, options);
    const client = new WsClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits for the first message (from `from` on) that matches. */
  async next(match: Record<string, unknown>, from = 0, timeoutMs = 3000): Promise<Record<string, unknown>> {
    const found = () => this.messages.slice(from).find((m) => Object.entries(match).every(([k, v]) => isDeepStrictEqual(m[k], v)));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = found();
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no message like ${JSON.stringify(match)}; got ${JSON.stringify(this.messages)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** Sends and waits for the reply that carries the same id. */
  async request(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    const id = randomUUID();
    this.send({ ...message, id });
    return this.next({ id });
  }

  async closed(timeoutMs = 3000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.closeCode === undefined) {
      if (Date.now() > deadline) throw new Error('socket did not close');
      await new Promise((r) => setTimeout(r, 5));
    }
    return this.closeCode;
  }

  close(): void {
    this.socket.close();
  }
}

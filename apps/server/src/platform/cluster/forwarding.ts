import http from 'node:http';
import { z } from 'zod';
import { AppError } from '../http/index';
import { INTERNAL_SIGNATURE_HEADER, type InternalSigner } from './internal-auth';

const Localized = z.object({ cn: z.string(), en: z.string(), tw: z.string() });

/**
 * The owner's answer to one command: the committed result, the business error as thrown (so the
 * caller's instance answers with the same code, status and translated message), "not mine" when
 * the engine moved on, or "failed" for an unexpected failure (logged by the owner, masked here).
 */
export const ForwardedReply = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), httpStatus: z.number().int(), text: Localized, params: z.record(z.string(), z.union([z.string(), z.number()])) }) }),
  z.object({ ok: z.literal(false), notOwner: z.literal(true) }),
  z.object({ ok: z.literal(false), failed: z.literal(true) }),
]);
export type ForwardedReply = z.infer<typeof ForwardedReply>;

/** The most commands one batch carries. */
export const MAX_BATCH = 512;

/**
 * What travels between instances: the commands gathered for one owner while the previous calls
 * were on their way, and a reply per command in the same order. One signed HTTP exchange carries
 * many commands under load, so forwarding costs little more than running the command here.
 */
export const batchOf = <C extends z.ZodTypeAny>(command: C) => z.strictObject({ commands: z.array(command).min(1).max(MAX_BATCH) });
export const ForwardedReplies = z.object({ replies: z.array(ForwardedReply) });
export type ForwardedReplies = z.infer<typeof ForwardedReplies>;

/** The instance holding the engine's lease could not be asked (down, or not answering). */
export class OwnerUnreachableError extends Error {
  constructor(
    /** True when the call surely never reached the owner, so sending it again cannot do it twice. */
    readonly undelivered: boolean,
    cause: unknown,
  ) {
    super('the instance running the engine did not answer', { cause });
    this.name = 'OwnerUnreachableError';
  }
}

/** The owner said the engine is not (or no longer) its own. */
export class NotOwnerError extends Error {
  constructor() {
    super('the instance asked does not run the engine');
    this.name = 'NotOwnerError';
  }
}

/** A commit found that this instance no longer runs the engine: nothing was written, the command goes to the new owner. */
export class LeaseLostError extends Error {
  constructor(name: string) {
    super(`this instance no longer runs ${name}`);
    this.name = 'LeaseLostError';
  }
}

/** Failures before a request was written: nothing reached the owner. */
const UNDELIVERED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** The socket's error code of a failed call. */
const errorCode = (error: unknown) => String((error as { code?: unknown } | undefined)?.code ?? '');

export interface ForwarderDeps {
  signer: InternalSigner;
  /** The owner's internal route the commands are posted to. */
  path: string;
  /** A forwarded command waits this long for the owner's group commit before the caller hears "busy". */
  timeoutMs?: number;
  /** How many batches may be on their way to one owner at once (16 by default: fewer left forwarded commands waiting for a slot under load); further commands wait for the next batch. */
  maxInFlight?: number;
}

interface Waiting<C> {
  command: C;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** One owner's outbox: commands waiting for the next batch, and how many batches are on their way. */
interface Outbox<C> {
  waiting: Waiting<C>[];
  inFlight: number;
  scheduled: boolean;
}

/** Sends commands to the instance at `url` and gives back each one's committed result, or throws its error. */
export function createForwarder<C>(deps: ForwarderDeps) {
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const maxInFlight = deps.maxInFlight ?? 16;
  const { path } = deps;
  const outboxes = new Map<string, Outbox<C>>();
  // Connections to the owners are kept open between batches; as many as batches may be in flight.
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });

  async function exchange(url: string, commands: C[]): Promise<ForwardedReply[]> {
    const body = JSON.stringify({ commands });
    const answer = await post(url, body).catch((error: unknown) => {
      throw new OwnerUnreachableError(UNDELIVERED.has(errorCode(error)), error);
    });
    let replies: ForwardedReply[];
    try {
      if (answer.status !== 200) throw new Error(`the owner answered ${answer.status}`);
      replies = ForwardedReplies.parse(JSON.parse(answer.body)).replies;
    } catch (error) {
      // A cut answer, or a refusal of the signature: the owner may or may not have committed.
      throw new OwnerUnreachableError(false, error);
    }
    if (replies.length !== commands.length) throw new OwnerUnreachableError(false, new Error('the owner answered another number of commands'));
    return replies;
  }

  /**
   * One signed POST on a kept-alive connection (Node's own client: under load it costs the
   * sending instance far less than fetch). A failure before the request was written surfaces as
   * an error whose code says so; any other failure means the owner may have run the commands.
   */
  function post(url: string, body: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${url}${path}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            [INTERNAL_SIGNATURE_HEADER]: deps.signer.sign('POST', path, body),
          },
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  function settle(waiting: Waiting<C>, reply: ForwardedReply): void {
    if (reply.ok) waiting.resolve(reply.value);
    else if ('notOwner' in reply) waiting.reject(new NotOwnerError());
    else if ('failed' in reply) waiting.reject(new Error('the instance running the engine failed'));
    else waiting.reject(new AppError(reply.error.code, reply.error.httpStatus, reply.error.text, reply.error.params));
  }

  function flush(url: string, outbox: Outbox<C>): void {
    outbox.scheduled = false;
    while (outbox.waiting.length > 0 && outbox.inFlight < maxInFlight) {
      const batch = outbox.waiting.splice(0, MAX_BATCH);
      outbox.inFlight += 1;
      exchange(
        url,
        batch.map((waiting) => waiting.command),
      )
        .then(
          (replies) => batch.forEach((waiting, i) => settle(waiting, replies[i]!)),
          (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
        )
        .finally(() => {
          outbox.inFlight -= 1;
          flush(url, outbox);
        });
    }
    if (outbox.waiting.length === 0 && outbox.inFlight === 0) outboxes.delete(url);
  }

  return function forward(url: string, command: C): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let outbox = outboxes.get(url);
      if (!outbox) outboxes.set(url, (outbox = { waiting: [], inFlight: 0, scheduled: false }));
      outbox.waiting.push({ command, resolve, reject });
      // The commands that arrive in this turn of the event loop leave together; while every slot
      // is taken, they wait for the first batch to come back.
      if (!outbox.scheduled && outbox.inFlight < maxInFlight) {
        outbox.scheduled = true;
        const target = outbox;
        setImmediate(() => flush(url, target));
      }
    });
  };
}

export type Forwarder<C> = (url: string, command: C) => Promise<unknown>;

/** The owner's side: a business error travels back as it was thrown; `unexpected` hears of any other failure. */
export function replyOfError(error: unknown, unexpected: (error: unknown) => void): ForwardedReply {
  if (error instanceof NotOwnerError) return { ok: false, notOwner: true };
  if (error instanceof AppError) return { ok: false, error: { code: error.code, httpStatus: error.httpStatus, text: error.text, params: error.params } };
  unexpected(error);
  return { ok: false, failed: true };
}

/** Where a command's engine runs, as this instance knows it: here, or on another instance (its address, when known). */
export type Location = { here: true } | { here: false; url: string | undefined };

export interface OwnerRouterDeps<C> {
  /** Where the command's engine runs; `fresh` reads the leases again first (taking over one whose owner let it expire). */
  locate(command: C, fresh: boolean): Promise<Location>;
  forward: Forwarder<C>;
  /** Whether running the command twice does no harm (a read): it may be sent again after a call that may have arrived. */
  repeatable(command: C): boolean;
  /** What the caller hears when the engine's owner cannot run the command now. */
  busy(command: C): Error;
}

/**
 * Runs a command where its engine is: here when this instance holds the engine, else on its owner.
 * When the owner cannot be asked, or says the engine is no longer its own, the leases are read
 * again (taking the engine over if its owner let the lease expire) and the command tries once
 * more; then the caller hears "busy". A command that may have reached the owner is not sent twice:
 * only repeatable ones, and calls that surely never arrived, are tried again.
 */
export function createOwnerRouter<C>(deps: OwnerRouterDeps<C>) {
  const { locate, forward } = deps;
  return async function route<T>(command: C, local: () => Promise<T>, from: 'caller' | 'peer'): Promise<T> {
    let where = await locate(command, false);
    for (let rechecked = false; ; rechecked = true) {
      if (where.here) {
        try {
          return await local();
        } catch (error) {
          if (!(error instanceof LeaseLostError)) throw error;
        }
      }
      // A forwarded command is never forwarded again: the sender reads the leases and decides.
      if (from === 'peer') throw new NotOwnerError();
      if (!where.here && where.url) {
        try {
          return (await forward(where.url, command)) as T;
        } catch (error) {
          if (error instanceof OwnerUnreachableError) {
            if (!deps.repeatable(command) && !error.undelivered) throw deps.busy(command);
          } else if (!(error instanceof NotOwnerError)) throw error;
        }
      }
      if (rechecked) throw deps.busy(command);
      where = await locate(command, true);
    }
  };
}

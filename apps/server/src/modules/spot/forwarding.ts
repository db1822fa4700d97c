import { z } from 'zod';
import { PlaceOrderRequest } from '@tp/contract';
import { AppError } from '../../platform/http/index';
import { INTERNAL_SIGNATURE_HEADER, type InternalSigner } from '../../platform/cluster/index';
import { LeaseLostError, type MarketOwnership } from './market-ownership';
import { marketBusy } from './spot.errors';

/** Where an instance takes the commands of the markets it runs from the other instances. */
export const SPOT_INTERNAL_PATH = '/internal/spot/command';

/** A market command sent to the instance that runs the market's book. */
export const ForwardedCommand = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('place'), symbol: z.string(), userId: z.number().int(), request: PlaceOrderRequest }),
  z.strictObject({ op: z.literal('cancel'), symbol: z.string(), userId: z.number().int(), orderId: z.string() }),
  z.strictObject({ op: z.literal('cancelAll'), symbol: z.string(), userId: z.number().int() }),
  z.strictObject({ op: z.literal('depth'), symbol: z.string(), limit: z.number().int() }),
]);
export type ForwardedCommand = z.infer<typeof ForwardedCommand>;

const Localized = z.object({ cn: z.string(), en: z.string(), tw: z.string() });

/**
 * The owner's answer: the committed result, the business error as thrown (so the caller's
 * instance answers with the same code, status and translated message), or "not mine" when the
 * market moved on; an unexpected failure is a 500 like any other.
 */
export const ForwardedReply = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), httpStatus: z.number().int(), text: Localized, params: z.record(z.string(), z.union([z.string(), z.number()])) }) }),
  z.object({ ok: z.literal(false), notOwner: z.literal(true) }),
]);
export type ForwardedReply = z.infer<typeof ForwardedReply>;

/** The instance holding the market's lease could not be asked (down, or not answering). */
export class OwnerUnreachableError extends Error {
  constructor(
    /** True when the call surely never reached the owner, so sending it again cannot do it twice. */
    readonly undelivered: boolean,
    cause: unknown,
  ) {
    super('the instance running the market did not answer', { cause });
    this.name = 'OwnerUnreachableError';
  }
}

/** The owner said the market is not (or no longer) its own. */
export class NotOwnerError extends Error {
  constructor() {
    super('the instance asked does not run the market');
    this.name = 'NotOwnerError';
  }
}

/** Failures before a request was written: nothing reached the owner. */
const UNDELIVERED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** fetch reports why it failed in its error's cause (the socket's error code). */
const causeCode = (error: unknown) => String((error as { cause?: { code?: unknown } } | undefined)?.cause?.code ?? '');

export interface ForwarderDeps {
  signer: InternalSigner;
  /** A forwarded command waits this long for the owner's group commit before the caller hears "busy". */
  timeoutMs?: number;
}

/** Sends a command to the instance at `url` and gives back its committed result, or throws its error. */
export function createForwarder(deps: ForwarderDeps) {
  const timeoutMs = deps.timeoutMs ?? 10_000;
  return async function forward(url: string, command: ForwardedCommand): Promise<unknown> {
    const body = JSON.stringify(command);
    let response: Response;
    try {
      response = await fetch(`${url}${SPOT_INTERNAL_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_SIGNATURE_HEADER]: deps.signer.sign('POST', SPOT_INTERNAL_PATH, body) },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new OwnerUnreachableError(UNDELIVERED.has(causeCode(error)), error);
    }
    let reply: ForwardedReply;
    try {
      reply = ForwardedReply.parse(await response.json());
    } catch (error) {
      // The owner failed unexpectedly: masked here as it was there.
      if (response.status === 500) throw new Error('the instance running the market failed', { cause: error });
      // A cut answer, or a refusal of the signature: the owner may or may not have committed.
      throw new OwnerUnreachableError(false, error);
    }
    if (reply.ok) return reply.value;
    if ('notOwner' in reply) throw new NotOwnerError();
    throw new AppError(reply.error.code, reply.error.httpStatus, reply.error.text, reply.error.params);
  };
}

export type Forward = ReturnType<typeof createForwarder>;

/** The owner's side: a business error travels back as it was thrown. */
export function replyOfError(error: unknown): ForwardedReply {
  if (error instanceof NotOwnerError) return { ok: false, notOwner: true };
  if (error instanceof AppError) return { ok: false, error: { code: error.code, httpStatus: error.httpStatus, text: error.text, params: error.params } };
  throw error;
}

const OPS = { place: 'place', cancel: 'cancel', cancelAll: 'cancel', depth: 'read' } as const;

/**
 * Runs a market command where the market's book is: here when this instance holds the market,
 * else on its owner. When the owner cannot be asked, or says the market is no longer its own,
 * the leases are read again (taking the market over if its owner let the lease expire) and the
 * command tries once more; then the caller hears "busy". A command that may have reached the
 * owner is not sent twice: only reads, and calls that surely never arrived, are tried again.
 */
export function createMarketRouter(deps: { ownership: MarketOwnership; forward: Forward }) {
  const { ownership, forward } = deps;
  return async function route<T>(command: ForwardedCommand, local: () => Promise<T>, from: 'caller' | 'peer'): Promise<T> {
    const op = OPS[command.op];
    let where = ownership.where(command.symbol);
    for (let rechecked = false; ; rechecked = true) {
      while (where.here === 'pending') {
        await where.ready;
        where = ownership.where(command.symbol);
      }
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
            if (op !== 'read' && !error.undelivered) throw marketBusy(op);
          } else if (!(error instanceof NotOwnerError)) throw error;
        }
      }
      if (rechecked) throw marketBusy(op);
      where = await ownership.recheck(command.symbol);
    }
  };
}

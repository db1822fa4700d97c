import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header an instance signs its calls to another instance's internal routes with. */
export const INTERNAL_SIGNATURE_HEADER = 'x-internal-signature';

/** A signed call older or newer than this is refused, so a captured one cannot be replayed later. */
const MAX_SKEW_MS = 60_000;

/** A key of its own, derived from APP_SECRET, so these signatures can never stand in for another use of the secret. */
function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('tp-internal-call-v1').digest();
}

function mac(key: Buffer, at: number, method: string, path: string, body: string): Buffer {
  return createHmac('sha256', key).update(`${at}\n${method.toUpperCase()}\n${path}\n${body}`).digest();
}

/** Signs calls between instances: the time, method, path and exact body, keyed by APP_SECRET. */
export function createInternalSigner(secret: string) {
  const key = keyOf(secret);
  return {
    sign(method: string, path: string, body: string, at = Date.now()): string {
      return `t=${at},s=${mac(key, at, method, path, body).toString('hex')}`;
    },
    /** Whether `header` signs exactly this call, recently; compared in constant time. */
    verify(header: string | undefined, method: string, path: string, body: string, now = Date.now()): boolean {
      const match = /^t=(\d{1,16}),s=([0-9a-f]{64})$/.exec(header ?? '');
      if (!match) return false;
      const at = Number(match[1]);
      if (Math.abs(now - at) > MAX_SKEW_MS) return false;
      return timingSafeEqual(Buffer.from(match[2]!, 'hex'), mac(key, at, method, path, body));
    },
  };
}

export type InternalSigner = ReturnType<typeof createInternalSigner>;

import { envelopeOf, type Envelope, ResultCode } from '@tp/contract';
import type { z } from 'zod';

export function ok<T>(value: T): Envelope<T> {
  return { code: ResultCode.ok, message: 'success', value };
}

/** The response schema of a route: the envelope around `value`, so unknown columns are stripped. */
export const replyOf = <T extends z.ZodType>(value: T) => ({ 200: envelopeOf(value) });

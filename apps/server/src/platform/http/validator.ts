import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ControlCharacterError } from './errors';

type Forbidden = (text: string) => boolean;

const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
/** C0 controls, DEL and C1 controls; text areas keep tab, line feed and carriage return. */
const CONTROL_IN_TEXT: Forbidden = (text) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isControl(code) && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
};
/** Query strings and path parameters are single-line values: no control character at all. */
const CONTROL_ANYWHERE: Forbidden = (text) => {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
};

/** The path of the first string (value or key) holding a forbidden character, if any. */
function controlCharacterPath(value: unknown, forbidden: Forbidden, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return forbidden(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterPath(value[i], forbidden, [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_ANYWHERE(key)) return [...path, [...key].map((ch) => (CONTROL_ANYWHERE(ch) ? '?' : ch)).join('')];
      const found = controlCharacterPath(item, forbidden, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The zod validator, with one rule every route shares: no control characters in request strings.
 * Checked for all routes here rather than per schema, so no new field can forget it.
 */
export const validatorRefusingControlCharacters: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart === 'headers') return validate;
  const forbidden = route.httpPart === 'body' ? CONTROL_IN_TEXT : CONTROL_ANYWHERE;
  return (data: unknown) => {
    const path = controlCharacterPath(data, forbidden);
    if (path) return { error: new ControlCharacterError(path) };
    return validate(data);
  };
};

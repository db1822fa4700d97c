/**
 * The platform's JSON envelope as the server answers it, for the fake API of page tests; `code`
 * other than '0' is a refusal with its message.
 */
export function apiReply(value: unknown, code = '0', message = 'success', status = 200): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify({ code, message, value }), { status, headers: { 'Content-Type': 'application/json' } }));
}

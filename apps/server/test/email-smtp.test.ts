import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@tp/contract';
import { createSmtpCodeSender } from '../src/modules/identity/index';
import { AppError } from '../src/platform/http/index';
import { render } from '../src/platform/i18n/index';
import type { TestContext } from './harness';
import { client, PASSWORD } from './identity-support';
import { createMailTestApp, readableText, smtpTo } from './mail-support';

let ctx: TestContext;
let mail: Awaited<ReturnType<typeof createMailTestApp>>['mail'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, mail, close } = await createMailTestApp());
});

afterAll(() => close());

describe('e-mail codes over SMTP', () => {
  it('delivers a registration code to the address, and that code registers the account', async () => {
    const c = client(ctx);
    const address = `buyer.${randomBytes(4).toString('hex').replace(/\d/g, 'x')}@example.com`;
    const sent = await c.post('/api/code/send', { account: address, purpose: 'register' });
    expect(sent.code).toBe('0');

    expect(mail.received).toHaveLength(1);
    const [message] = mail.received;
    expect(message?.to).toEqual([address]);
    expect(message?.from).toBe('noreply@platform.test');
    const code = /verification code is (\d{6})/.exec(readableText(message?.body ?? ''))?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const registered = await c.post<SessionInfo>('/api/user/register', { registerWay: 'email', loginAccount: address, code, password: PASSWORD, termsAccepted: true });
    expect(registered.code).toBe('0');
    // Nothing went to the dev outbox: the mail server was the only way to learn the code.
    const outbox = await ctx.app.http.inject({ method: 'GET', url: `/api/dev/outbox?account=${encodeURIComponent(address)}` });
    expect((outbox.json() as { value: unknown[] }).value).toEqual([]);
  });

  it('tells the user to try again when the mail server cannot be reached', async () => {
    // A port nothing listens on: the mail server is down.
    const sender = createSmtpCodeSender({ ...smtpTo(1), from: 'noreply@platform.test' }, { info: () => undefined, error: () => undefined });
    const refusal = await sender.send({ account: 'down@example.com', channel: 'email', purpose: 'register', code: '123456' }).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).httpStatus).toBe(503);
    expect(render((refusal as AppError).text, 'en')).toBe('The code could not be sent; try again later');
    expect(render((refusal as AppError).text, 'tw')).toBe('驗證碼發送失敗，請稍後再試');
  });
});

import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { EnterprisePath, type CertificationPhotoField, type SessionInfo } from '@tp/contract';
import type { TestContext } from './harness';
import { client, lastCode, registerByPhone, staffClient, type Client } from './identity-support';

export const DEMO_PASSWORD = 'Demo@123456';

/** A multipart body with one file under the field `file`. */
export function multipart(filename: string, contentType: string, content: Buffer) {
  const boundary = `----tp${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const png = (width = 800, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

export async function postFile(ctx: TestContext, c: Client, url: string, content: Buffer, filename = 'photo.png', type = 'image/png') {
  const body = multipart(filename, type, content);
  const res = await ctx.app.http.inject({ method: 'POST', url, remoteAddress: c.ip, headers: { 'accept-language': 'en', ...c.headers, ...body.headers }, payload: body.payload });
  const json = res.json() as { code: string; message: string; value: { id: string; url: string; thumbUrl: string | null; fields?: { field: string; message: string }[] } };
  return { status: res.statusCode, ...json };
}

export async function uploadPhoto(ctx: TestContext, c: Client, field: CertificationPhotoField, content?: Buffer): Promise<string> {
  const res = await postFile(ctx, c, `${EnterprisePath.certificationPhoto}?field=${field}`, content ?? (await png()));
  if (res.code !== '0') throw new Error(`photo upload failed: ${res.message}`);
  return res.value.id;
}

let registerCounter = 0;
/** A registration number (unified social credit code) no other test uses. */
export function newRegisterNo(): string {
  registerCounter += 1;
  return `91310000${String(process.pid % 10000).padStart(4, '0')}${String(registerCounter).padStart(4, '0')}MA`;
}

export async function certificationForm(ctx: TestContext, c: Client, overrides: Record<string, unknown> = {}) {
  return {
    enterpriseName: '上海测试贸易有限公司',
    registerNo: newRegisterNo(),
    corporateName: '王大明',
    enterprisePhone: '021-62345678',
    operatorName: '李小红',
    operatorPhone: '13912345678',
    enterpriseAddress: '上海市浦东新区世纪大道 100 号',
    firmType: '1',
    businessPhoto: await uploadPhoto(ctx, c, 'businessPhoto'),
    corporatePositiveCard: await uploadPhoto(ctx, c, 'corporatePositiveCard'),
    corporateReverseCard: await uploadPhoto(ctx, c, 'corporateReverseCard'),
    ...overrides,
  };
}

/** A newly registered enterprise firm's main account, logged in. */
export async function newEnterprise(ctx: TestContext, lang = 'en'): Promise<{ c: Client; session: SessionInfo }> {
  const c = client(ctx, { lang });
  const session = await registerByPhone(ctx, c, undefined, undefined, { userType: 'enterprise' });
  c.useSession(session);
  return { c, session };
}

/** The demo back-office administrator, logged in. */
export const adminClient = (ctx: TestContext): Promise<Client> => staffClient(ctx, 'admin', DEMO_PASSWORD);

/** A staff member logs in the way the platform tells them to: an SMS code to their own phone. */
export async function staffLogin(ctx: TestContext, tel: string): Promise<{ c: Client; session: SessionInfo }> {
  const c = client(ctx, { lang: 'en' });
  const sent = await c.post('/api/code/send', { account: tel, purpose: 'login' });
  if (sent.code !== '0') throw new Error(`send code failed: ${sent.message}`);
  const res = await c.post<SessionInfo>('/api/user/loginByCode', { loginAccount: tel, code: await lastCode(ctx, tel, 'login') });
  if (res.code !== '0') throw new Error(`code login failed: ${res.message}`);
  c.useSession(res.value);
  return { c, session: res.value };
}

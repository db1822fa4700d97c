import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerificationPath, type AdminSeniorRow, type Page, type VerificationStatus } from '@tp/contract';
import { verifyAuditChain } from '../src/platform/audit/index';
import { assertRealNameVerified, assertSeniorVerified } from '../src/modules/verification/index';
import { isValidIdNumber, maskIdNumber } from '../src/modules/verification/id-number';
import { createTestApp, type TestContext } from './harness';
import { client, registerByPhone, type Client, idWithCheck, staffClient } from './identity-support';
import { multipart } from './enterprise-support';

let ctx: TestContext;
let staff: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  const { seedDemoData } = await import('../src/demo/seed');
  await seedDemoData(ctx.database, ctx.config, ctx.clock);
  staff = await staffClient(ctx);
});
afterAll(() => ctx.close());

let idCounter = 0;
const newId = () => idWithCheck(`1101011990${String(1 + (idCounter % 12)).padStart(2, '0')}${String(10 + (++idCounter % 18)).padStart(2, '0')}${String(100 + idCounter).slice(-3)}`);

async function newUser(lang = 'en') {
  const c = client(ctx, { lang });
  const session = await registerByPhone(ctx, c);
  c.useSession(session);
  return { c, userId: Number(session.userId), tel: session.tel };
}

async function upload(c: Client, content: Buffer, filename = 'photo.png', type = 'image/png') {
  const body = multipart(filename, type, content);
  const res = await ctx.app.http.inject({ method: 'POST', url: '/api/upload/image', remoteAddress: c.ip, headers: { ...c.headers, ...body.headers }, payload: body.payload });
  return { status: res.statusCode, json: res.json() as { code: string; value: { id: string } } };
}

const photo = () => sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toBuffer();

async function photos(c: Client) {
  const ids = [];
  for (let i = 0; i < 3; i++) ids.push((await upload(c, await photo())).json.value.id);
  return { frontImageId: ids[0], backImageId: ids[1], holdingImageId: ids[2] };
}

const today = () => new Date(ctx.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const yearsFromNow = (n: number) => `${Number(today().slice(0, 4)) + n}${today().slice(4)}`;

async function verifiedUser(lang = 'en') {
  const user = await newUser(lang);
  const res = await user.c.post(VerificationPath.basic, { name: '张三丰', idNumber: newId() });
  expect(res.code).toBe('0');
  return user;
}

describe('resident ID numbers', () => {
  it('accept the check character and a real birth date only', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(isValidIdNumber('11010519491231002X', now)).toBe(true);
    expect(isValidIdNumber('110105194912310021', now)).toBe(false); // wrong check character
    expect(isValidIdNumber(idWithCheck('11010519490231002'), now)).toBe(false); // 31 February
    expect(isValidIdNumber(idWithCheck('11010520990101002'), now)).toBe(false); // born in the future
    expect(isValidIdNumber('1101051949123100', now)).toBe(false);
    expect(maskIdNumber('11010519491231002x')).toBe('110105********002X');
  });
});

describe('basic verification', () => {
  it('verifies a user at once, shows the ID masked, and refuses the same ID for another user', async () => {
    const { c, userId } = await newUser();
    await expect(assertRealNameVerified(ctx.database.db, userId)).rejects.toMatchObject({ code: '-3102' });
    const id = newId();
    const res = await c.post<VerificationStatus>(VerificationPath.basic, { name: '张三丰', idNumber: id });
    expect(res.code).toBe('0');
    expect(res.value).toMatchObject({ realName: '1', realNameMasked: { name: '张**', idNumber: `${id.slice(0, 6)}********${id.slice(-4)}` } });
    await expect(assertRealNameVerified(ctx.database.db, userId)).resolves.toBeUndefined();

    const info = await c.post<{ userCerStatus: string }>('/api/user/info');
    expect(info.code).toBe('0');

    const other = await newUser('cn');
    const again = await other.c.post(VerificationPath.basic, { name: '李四', idNumber: id });
    expect(again.status).toBe(409);
    expect(again.message).toBe('该身份证已被其他账户认证');
  });

  it('names the field of a malformed ID and refuses a wrong check character', async () => {
    const { c } = await newUser('cn');
    const malformed = await c.post(VerificationPath.basic, { name: '王五', idNumber: '12345' });
    expect(malformed.status).toBe(422);
    expect(JSON.stringify(malformed.value)).toContain('idNumber');
    const wrong = await c.post(VerificationPath.basic, { name: '王五', idNumber: '110105194912310021' });
    expect(wrong.status).toBe(422);
    expect(wrong.message).toBe('身份证号码不正确');
  });
});

describe('senior verification', () => {
  it('needs basic verification first', async () => {
    const { c } = await newUser();
    const res = await c.post(VerificationPath.senior, { location: 'mainland', name: '张三丰', certificateName: '居民身份证', certificateNumber: 'A1234567', validFrom: '2020-01-01', validTo: yearsFromNow(5), ...(await photos(c)) });
    expect(res.code).toBe('-3101');
    expect(res.message).toBe('Senior verification failed, try again later: complete real-name verification first');
  });

  it('refuses bad dates, missing and foreign photos, and files that are not JPG or PNG images', async () => {
    const { c } = await verifiedUser('cn');
    const good = { location: 'mainland', name: '张三丰', certificateName: '居民身份证', certificateNumber: 'A1234567', validFrom: '2020-01-01', validTo: yearsFromNow(5), ...(await photos(c)) };

    const reversed = await c.post(VerificationPath.senior, { ...good, validFrom: '2030-01-01', validTo: '2029-01-01' });
    expect(reversed.status).toBe(422);
    expect(JSON.stringify(reversed.value)).toContain('validTo');

    const expired = await c.post(VerificationPath.senior, { ...good, validFrom: '2010-01-01', validTo: '2020-01-01' });
    expect(expired.message).toBe('高级认证失败，请稍后重试：证件已过期');

    const missing = await c.post(VerificationPath.senior, { ...good, holdingImageId: undefined });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.value)).toContain('holdingImageId');

    const stranger = await newUser();
    const theirs = (await upload(stranger.c, await photo())).json.value.id;
    const foreign = await c.post(VerificationPath.senior, { ...good, frontImageId: theirs });
    expect(foreign.message).toBe('高级认证失败，请稍后重试：证件照片须为本人上传的 JPG 或 PNG 图片，且小于 3 MB');

    const html = await upload(c, Buffer.from('<html><body>not a picture</body></html>'), 'front.png');
    expect(html.status).toBe(400);
    const big = await upload(c, Buffer.concat([await photo(), Buffer.alloc(3 * 1024 * 1024 + 1 - (await photo()).length)]));
    expect(big.status).toBe(413);
    const gif = await upload(c, Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64'), 'front.gif', 'image/gif');
    expect(gif.status).toBe(400);

    const status = await c.post<VerificationStatus>(VerificationPath.status);
    expect(status.value.senior).toBe('0');
  });

  it('goes to review, is rejected with a reason the user sees, is resubmitted and approved, each decision audited', async () => {
    const { c, userId } = await verifiedUser();
    const request = { location: 'other', nationality: 'Singapore', name: 'Tan Ah Kow', certificateName: 'Passport', certificateNumber: 'K1234567', validFrom: '2021-05-01', validTo: yearsFromNow(3) };
    const first = await c.post<VerificationStatus>(VerificationPath.senior, { ...request, ...(await photos(c)) });
    expect(first.value.senior).toBe('1');

    const twice = await c.post(VerificationPath.senior, { ...request, ...(await photos(c)) });
    expect(twice.message).toBe('Senior verification failed, try again later: a submission is already under review');

    const queue = await staff.post<Page<AdminSeniorRow>>(VerificationPath.adminSeniorList, { status: 'review', keyword: (await c.post<{ tel: string }>('/api/user/info')).value.tel });
    expect(queue.value.total).toBe(1);
    const submission = queue.value.content[0]!;
    expect(submission).toMatchObject({ nationality: 'Singapore', certificateNumber: 'K1234567', status: 'review' });

    const noReason = await staff.post(VerificationPath.adminSeniorDecide, { id: submission.id, approve: false });
    expect(noReason.status).toBe(422);
    const rejected = await staff.post<AdminSeniorRow>(VerificationPath.adminSeniorDecide, { id: submission.id, approve: false, reason: 'Holding photo is blurred' });
    expect(rejected.value.status).toBe('failed');
    const decideAgain = await staff.post(VerificationPath.adminSeniorDecide, { id: submission.id, approve: true });
    expect(decideAgain.status).toBe(409);

    const seen = await c.post<VerificationStatus>(VerificationPath.status);
    expect(seen.value).toMatchObject({ senior: '3', seniorReason: 'Holding photo is blurred' });
    await expect(assertSeniorVerified(ctx.database.db, userId)).rejects.toMatchObject({ code: '-3102' });

    const second = await c.post<VerificationStatus>(VerificationPath.senior, { ...request, ...(await photos(c)) });
    expect(second.value.senior).toBe('1');
    const next = await staff.post<Page<AdminSeniorRow>>(VerificationPath.adminSeniorList, { status: 'review' });
    const resubmitted = next.value.content.find((row) => row.userId === String(userId))!;
    const approved = await staff.post<AdminSeniorRow>(VerificationPath.adminSeniorDecide, { id: resubmitted.id, approve: true });
    expect(approved.value.status).toBe('passed');
    expect((await c.post<VerificationStatus>(VerificationPath.status)).value.senior).toBe('2');
    await expect(assertSeniorVerified(ctx.database.db, userId)).resolves.toBeUndefined();

    const audit = (await ctx.database.db.execute(
      `select action, actor_id from audit_log where object_type = 'senior_verification' and object_id in ('${submission.id}', '${resubmitted.id}') order by id`,
    )) as unknown as { rows: { action: string; actor_id: string }[] };
    expect(audit.rows.map((r) => r.action)).toEqual(['verification.senior.reject', 'verification.senior.approve']);
    expect((await verifyAuditChain(ctx.database.db)).brokenId).toBeNull();
  });

  it('keeps the review queue and decisions to staff', async () => {
    const { c } = await verifiedUser();
    expect((await c.post(VerificationPath.adminSeniorList, {})).status).toBe(401);
    expect((await c.post(VerificationPath.adminSeniorDecide, { id: '1', approve: true })).status).toBe(401);
  });
});

describe('invitations', () => {
  it('gives each user a code and link, and lists sign-ups with it masked with their verification state', async () => {
    const inviter = await newUser();
    const info = await inviter.c.post<{ code: string; link: string }>('/api/user/invitation');
    expect(info.value.link).toBe(`/exchange/register/${info.value.code}`);

    const invited = client(ctx);
    const session = await registerByPhone(ctx, invited, undefined, undefined, { invitationCode: info.value.code });
    invited.useSession(session);
    await invited.post(VerificationPath.basic, { name: '赵六', idNumber: newId() });

    const records = await inviter.c.post<Page<{ account: string; realName: string; senior: string }>>('/api/user/invitation/records', {});
    expect(records.value.total).toBe(1);
    expect(records.value.content[0]).toEqual({
      account: `${session.tel.slice(0, 3)}****${session.tel.slice(-4)}`,
      registeredAt: expect.any(String) as string,
      realName: '1',
      senior: '0',
    });

    const nobody = await (await newUser()).c.post<Page<unknown>>('/api/user/invitation/records', {});
    expect(nobody.value.total).toBe(0);
  });

  it('says "invitation failed" for a code that does not exist', async () => {
    const c = client(ctx, { lang: 'cn' });
    await expect(registerByPhone(ctx, c, undefined, undefined, { invitationCode: 'NOPE2345' })).rejects.toThrow('邀请失败，邀请码不存在');
  });
});

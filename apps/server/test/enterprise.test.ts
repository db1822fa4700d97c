import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPath,
  EnterprisePath,
  type AccountRelation,
  type AddressRow,
  type AdminCertificationRow,
  type AdminFirmRow,
  type CertificationInfo,
  type Page,
  type RightCatalogueEntry,
  type RightEntry,
  type RoleRow,
  type SealInfo,
  type SessionInfo,
  type StaffRow,
} from '@tp/contract';
import { createEnterpriseServices, createFirmService, RIGHT_CODES } from '../src/modules/firm/index';
import { createUserDirectory, firmAccounts, staffPositionOf } from '../src/modules/identity/index';
import { createUploadService } from '../src/platform/uploads/index';
import { type TestContext, createSeededTestApp } from './harness';
import { client, newPhone, PASSWORD, registerByPhone, type Client } from './identity-support';
import { adminClient, certificationForm, newEnterprise, png, postFile, staffLogin, uploadPhoto } from './enterprise-support';

let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  ctx = await createSeededTestApp();
  admin = await adminClient(ctx);
});
afterAll(() => ctx.close());

async function decide(id: string, level: 'member' | 'risk', approve: boolean, reason?: string) {
  return admin.post<AdminCertificationRow>(EnterprisePath.adminCertificationDecide, { id, level, approve, reason });
}

async function queue(status: '1' | '4', keyword: string) {
  const res = await admin.post<Page<AdminCertificationRow>>(EnterprisePath.adminCertificationList, { status, keyword, page: 0, size: 10 });
  expect(res.code).toBe('0');
  return res.value.content;
}

async function rightCodes(c: Client, session: SessionInfo): Promise<string[]> {
  const res = await c.post<RightEntry[]>('/api/firm/rights', { firmId: session.firmId, type: 3 });
  expect(res.code).toBe('0');
  return res.value.map((r) => r.rightCode);
}

describe('enterprise certification', () => {
  it('goes submit → member review → risk control: 1 → 4 → 2, and the firm takes the certified name', async () => {
    const { c, session } = await newEnterprise(ctx);
    expect((await c.post<CertificationInfo>(EnterprisePath.certification)).value).toMatchObject({ status: '0', enterpriseName: '' });
    const form = await certificationForm(ctx, c, { enterpriseName: '宁波甬港钢铁贸易有限公司' });
    const submitted = await c.post<CertificationInfo>(EnterprisePath.certificationSubmit, form);
    expect(submitted).toMatchObject({ status: 200, code: '0', value: { status: '1', enterpriseName: '宁波甬港钢铁贸易有限公司', registerNo: form.registerNo } });

    const [pending] = await queue('1', form.registerNo);
    expect(pending).toMatchObject({ status: '1', firmId: session.firmId, submitter: session.tel, businessPhoto: form.businessPhoto });
    // Risk control cannot act before member review.
    expect(await decide(pending!.id, 'risk', true)).toMatchObject({ status: 409, message: 'This submission is not waiting at this review level; it may have been decided' });

    expect((await decide(pending!.id, 'member', true)).value).toMatchObject({ status: '4', memberReviewedBy: expect.any(String) });
    expect((await c.post<CertificationInfo>(EnterprisePath.certification)).value.status).toBe('4');
    expect(await queue('1', form.registerNo)).toEqual([]);
    expect(await queue('4', form.registerNo)).toHaveLength(1);
    // A decision is taken once.
    expect((await decide(pending!.id, 'member', true)).status).toBe(409);

    expect((await decide(pending!.id, 'risk', true)).value).toMatchObject({ status: '2' });
    expect((await c.post<CertificationInfo>(EnterprisePath.certification)).value).toMatchObject({ status: '2', reason: '' });
    expect((await c.post<AccountRelation>(EnterprisePath.accountRelation)).value).toMatchObject({ isMainAccount: true, certificationStatus: '2' });

    const firms = await admin.post<Page<AdminFirmRow>>(AdminPath.firms, { keyword: session.firmCode, page: 0, size: 10 });
    expect(firms.value.content).toEqual([expect.objectContaining({ name: '宁波甬港钢铁贸易有限公司', certificationStatus: '2' })]);
    // Approved is final: no second submission.
    const again = await c.post(EnterprisePath.certificationSubmit, await certificationForm(ctx, c));
    expect(again).toMatchObject({ status: 409, message: 'The enterprise certification is already approved' });
  });

  it('rejections 3 and 5 carry their reason, and the firm corrects and resubmits', async () => {
    const { c } = await newEnterprise(ctx);
    const first = await c.post<CertificationInfo>(EnterprisePath.certificationSubmit, await certificationForm(ctx, c));
    expect(first.value.status).toBe('1');
    expect(await c.post(EnterprisePath.certificationSubmit, await certificationForm(ctx, c))).toMatchObject({
      status: 409,
      message: 'The enterprise certification is under review; do not submit it again',
    });
    const [row] = await queue('1', first.value.registerNo);
    expect(await decide(row!.id, 'member', false)).toMatchObject({ status: 422, code: '-1001' });
    expect((await decide(row!.id, 'member', false, '营业执照照片模糊')).value).toMatchObject({ status: '3', memberReason: '营业执照照片模糊' });
    expect((await c.post<CertificationInfo>(EnterprisePath.certification)).value).toMatchObject({ status: '3', reason: '营业执照照片模糊' });

    const second = await c.post<CertificationInfo>(EnterprisePath.certificationSubmit, await certificationForm(ctx, c, { registerNo: first.value.registerNo }));
    expect(second.value).toMatchObject({ status: '1', reason: '' });
    const [row2] = await queue('1', first.value.registerNo);
    expect(row2!.id).not.toBe(row!.id);
    await decide(row2!.id, 'member', true);
    expect((await decide(row2!.id, 'risk', false, '法人身份证已过期')).value).toMatchObject({ status: '5', riskReason: '法人身份证已过期' });
    expect((await c.post<CertificationInfo>(EnterprisePath.certification)).value).toMatchObject({ status: '5', reason: '法人身份证已过期' });

    const third = await c.post<CertificationInfo>(EnterprisePath.certificationSubmit, await certificationForm(ctx, c, { registerNo: first.value.registerNo }));
    expect(third.value.status).toBe('1');
  });

  it('refuses a photo that is not an image, or is too big, naming the field', async () => {
    const { c } = await newEnterprise(ctx);
    const text = await postFile(ctx, c, `${EnterprisePath.certificationPhoto}?field=businessPhoto`, Buffer.from('not an image at all'), 'licence.png');
    expect(text).toMatchObject({ status: 422, code: '-1001', message: 'Business licence must be a JPG or PNG image under 3 MB' });
    expect(text.value.fields).toEqual([expect.objectContaining({ field: 'businessPhoto' })]);

    const big = Buffer.concat([await png(), Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await postFile(ctx, c, `${EnterprisePath.certificationPhoto}?field=corporateReverseCard`, big);
    expect(tooBig).toMatchObject({ status: 422, message: 'ID card (emblem side) must be a JPG or PNG image under 3 MB' });

    const body = await ctx.app.http.inject({
      method: 'POST',
      url: `${EnterprisePath.certificationPhoto}?field=corporatePositiveCard`,
      headers: { ...c.headers, 'accept-language': 'zh-CN', 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nGIF89a\r\n--x--\r\n',
    });
    expect(body.json()).toMatchObject({ code: '-1001', message: '法人身份证人像面：只能上传 3 MB 以内的 JPG 或 PNG 图片' });

    // A stored photo is re-encoded with a 300 px JPEG thumbnail.
    const ok = await postFile(ctx, c, `${EnterprisePath.certificationPhoto}?field=businessPhoto`, await png(1200, 800));
    expect(ok.code).toBe('0');
    const thumb = await ctx.app.http.inject({ method: 'GET', url: ok.value.thumbUrl!, headers: c.headers });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const { default: sharp } = await import('sharp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(300);

    // Another firm's upload cannot be named as one's own photo.
    const other = await newEnterprise(ctx);
    const foreign = await uploadPhoto(ctx, other.c, 'businessPhoto');
    const res = await c.post<{ fields: { field: string }[] }>(EnterprisePath.certificationSubmit, await certificationForm(ctx, c, { businessPhoto: foreign }));
    expect(res).toMatchObject({ status: 422, message: 'Business licence must be a JPG or PNG image under 3 MB' });
    expect(res.value.fields[0]?.field).toBe('businessPhoto');
  });

  it('is for enterprise firms only', async () => {
    const c = client(ctx, { lang: 'en' });
    c.useSession(await registerByPhone(ctx, c));
    expect(await postFile(ctx, c, `${EnterprisePath.certificationPhoto}?field=businessPhoto`, await png())).toMatchObject({ status: 403, message: 'Only enterprise firms can do this' });
    expect(await c.post(EnterprisePath.staffList)).toMatchObject({ status: 403, message: 'Only enterprise firms can do this' });
  });

  it('lets only member reviewers and risk officers decide at their level', async () => {
    const { REVIEWERS } = await import('../src/modules/firm/index');
    expect(REVIEWERS.member).not.toContain('risk');
    expect(REVIEWERS.risk).not.toContain('operator');
    expect(await client(ctx).post(EnterprisePath.adminCertificationList, {})).toMatchObject({ status: 401 });
  });
});

describe('staff and roles', () => {
  async function enterpriseWithStaff(rightCodeList: string[]) {
    const main = await newEnterprise(ctx);
    const role = await main.c.post<RoleRow>(EnterprisePath.roleAdd, { roleName: '业务员', rightCodeList });
    expect(role).toMatchObject({ code: '0', value: { roleName: '业务员', rightCodeList, staffCount: 0 } });
    const tel = newPhone();
    const added = await main.c.post<StaffRow>(EnterprisePath.staffAdd, { cellphone: tel, userName: '周业务', roleIds: [role.value.roleId] });
    expect(added).toMatchObject({ code: '0', value: { cellphone: tel, userName: '周业务', isMainAccount: false, roleIds: [role.value.roleId], roleNames: ['业务员'] } });
    return { main, role: role.value, staffTel: tel, staffId: added.value.userId };
  }

  it('a staff member created by the main account logs in by SMS code, sets a password, and holds only the role rights', async () => {
    const { main, staffTel } = await enterpriseWithStaff(['trade.pick', 'enterprise.view']);
    // No password travels through the main account: the first login is by code.
    expect(await client(ctx).post('/api/user/login', { loginAccount: staffTel, password: PASSWORD })).toMatchObject({
      code: '-1110',
      message: 'This account has no password yet; log in with an SMS code',
    });
    const staff = await staffLogin(ctx, staffTel);
    expect(staff.session).toMatchObject({ firmId: main.session.firmId, isMainAccount: false, userType: 'enterprise' });
    expect(await staff.c.post('/api/user/password/set', { password: 'Staff@2026x' })).toMatchObject({ code: '0' });
    const again = await client(ctx).post<SessionInfo>('/api/user/login', { loginAccount: staffTel, password: 'Staff@2026x' });
    expect(again.code).toBe('0');

    const staffClient = client(ctx, { lang: 'en' });
    staffClient.useSession(again.value);
    expect(await rightCodes(staffClient, again.value)).toEqual(['trade.pick', 'enterprise.view']);
    expect(await rightCodes(main.c, main.session)).toEqual(RIGHT_CODES);
    expect((await staffClient.post<AccountRelation>(EnterprisePath.accountRelation)).value).toMatchObject({
      isMainAccount: false,
      mainAccount: `${main.session.tel.slice(0, 3)}****${main.session.tel.slice(-4)}`,
      certificationStatus: '0',
    });
  });

  it('refuses a staff member without the right on the server, whatever the client shows', async () => {
    const { main, staffTel, role } = await enterpriseWithStaff(['trade.pick', 'enterprise.view']);
    const staff = await staffLogin(ctx, staffTel);
    expect(await staff.c.post(EnterprisePath.staffList)).toMatchObject({ status: 403, code: '-1003', message: 'You do not have the right "Manage staff and roles"' });
    expect(await staff.c.post(EnterprisePath.roleAdd, { roleName: 'x', rightCodeList: ['trade.pick'] })).toMatchObject({ status: 403 });
    expect(await staff.c.post(EnterprisePath.certificationSubmit, await certificationForm(ctx, main.c))).toMatchObject({
      status: 403,
      message: 'You do not have the right "Enterprise certification"',
    });
    expect(await postFile(ctx, staff.c, EnterprisePath.sealUpload, await png())).toMatchObject({ status: 403, message: 'You do not have the right "Manage the signature seal"' });
    // enterprise.view lets them read, not change.
    expect((await staff.c.post<CertificationInfo>(EnterprisePath.certification)).code).toBe('0');

    // Given the right, the same call goes through on the very next request.
    await main.c.post(EnterprisePath.roleUpdate, { roleId: role.roleId, roleName: role.roleName, rightCodeList: ['trade.pick', 'enterprise.view', 'enterprise.certify'] });
    const submitted = await staff.c.post<CertificationInfo>(EnterprisePath.certificationSubmit, await certificationForm(ctx, staff.c));
    expect(submitted).toMatchObject({ code: '0', value: { status: '1' } });
  });

  it('a staff manager cannot grant rights beyond their own, nor change their own roles', async () => {
    const { main, staffTel, staffId, role } = await enterpriseWithStaff(['trade.pick', 'staff.manage']);
    const manager = await staffLogin(ctx, staffTel);
    expect(await manager.c.post(EnterprisePath.roleAdd, { roleName: '出纳', rightCodeList: ['capital.withdraw'] })).toMatchObject({
      status: 403,
      message: 'You cannot grant rights you do not hold: capital.withdraw',
    });
    expect((await manager.c.post(EnterprisePath.roleAdd, { roleName: '摘牌员', rightCodeList: ['trade.pick'] })).code).toBe('0');
    expect(await manager.c.post(EnterprisePath.staffUpdate, { userId: staffId, roleIds: [role.roleId] })).toMatchObject({ status: 403, message: 'You cannot change your own roles' });
    expect(await manager.c.post(EnterprisePath.staffDelete, { userId: main.session.userId })).toMatchObject({ status: 403, message: 'The main account cannot be changed or deleted' });
    expect(await main.c.post(EnterprisePath.roleAdd, { roleName: '坏角色', rightCodeList: ['nope.code'] })).toMatchObject({
      status: 422,
      message: 'Rights contain unknown right codes: nope.code',
    });
    expect(await main.c.post(EnterprisePath.roleAdd, { roleName: '摘牌员', rightCodeList: ['trade.pick'] })).toMatchObject({ status: 409, message: 'A role with this name already exists' });
  });

  it('deleting a role removes it, and its rights, from its staff', async () => {
    const { main, staffTel, role, staffId } = await enterpriseWithStaff(['trade.pick', 'trade.bargain']);
    const staff = await staffLogin(ctx, staffTel);
    expect(await rightCodes(staff.c, staff.session)).toEqual(['trade.pick', 'trade.bargain']);
    expect(await main.c.post(EnterprisePath.roleDelete, { roleId: role.roleId })).toMatchObject({ code: '0' });
    expect(await rightCodes(staff.c, staff.session)).toEqual([]);
    const list = await main.c.post<StaffRow[]>(EnterprisePath.staffList);
    expect(list.value.find((s) => s.userId === staffId)).toMatchObject({ roleIds: [], roleNames: [] });
    expect((await main.c.post<RoleRow[]>(EnterprisePath.roleList)).value).toEqual([]);
  });

  it('deleting a staff member ends their sessions and their login; adding the number again brings them back without a password', async () => {
    const { main, staffTel, staffId, role } = await enterpriseWithStaff(['trade.pick']);
    const staff = await staffLogin(ctx, staffTel);
    // Used long enough after login for the session to be served from the server's cache.
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await staff.c.post('/api/user/info')).code).toBe('0');
    expect((await staff.c.post('/api/user/info')).code).toBe('0');
    expect(await main.c.post(EnterprisePath.staffDelete, { userId: staffId })).toMatchObject({ code: '0' });
    expect(await staff.c.post('/api/user/info')).toMatchObject({ status: 401 });
    expect((await main.c.post<StaffRow[]>(EnterprisePath.staffList)).value.map((s) => s.userId)).toEqual([main.session.userId]);
    const readded = await main.c.post<StaffRow>(EnterprisePath.staffAdd, { cellphone: staffTel, userName: '周业务二', roleIds: [role.roleId] });
    expect(readded.value).toMatchObject({ userId: staffId, userName: '周业务二' });
    // A number registered elsewhere is not taken over.
    expect(await main.c.post(EnterprisePath.staffAdd, { cellphone: '13800000001', userName: '张三', roleIds: [] })).toMatchObject({
      status: 409,
      message: 'This mobile number is already used by another account',
    });
  });

  it("one firm can never read or change another firm's staff, roles or certification", async () => {
    const a = await enterpriseWithStaff(['trade.pick']);
    const b = await newEnterprise(ctx);
    const aCert = await a.main.c.post<CertificationInfo>(EnterprisePath.certificationSubmit, await certificationForm(ctx, a.main.c));
    expect(aCert.code).toBe('0');

    expect((await b.c.post<StaffRow[]>(EnterprisePath.staffList)).value.map((s) => s.userId)).toEqual([b.session.userId]);
    expect((await b.c.post<RoleRow[]>(EnterprisePath.roleList)).value).toEqual([]);
    expect((await b.c.post<CertificationInfo>(EnterprisePath.certification)).value.status).toBe('0');
    expect(await b.c.post(EnterprisePath.staffUpdate, { userId: a.staffId, roleIds: [] })).toMatchObject({ status: 404, message: 'No such staff member' });
    expect(await b.c.post(EnterprisePath.staffDelete, { userId: a.staffId })).toMatchObject({ status: 404 });
    expect(await b.c.post(EnterprisePath.roleUpdate, { roleId: a.role.roleId, roleName: 'x', rightCodeList: ['trade.pick'] })).toMatchObject({ status: 404, message: 'No such role' });
    expect(await b.c.post(EnterprisePath.roleDelete, { roleId: a.role.roleId })).toMatchObject({ status: 404 });
    const bRole = await b.c.post<RoleRow>(EnterprisePath.roleAdd, { roleName: 'B', rightCodeList: ['trade.pick'] });
    expect(await a.main.c.post(EnterprisePath.staffAdd, { cellphone: newPhone(), userName: '跨界', roleIds: [bRole.value.roleId] })).toMatchObject({ status: 404 });
    // The photos stay with their firm.
    const photo = await b.c.get(`/api/upload/${aCert.value.businessPhoto}`);
    expect(photo.status).toBe(404);
    // Naming the other firm in the headers does not switch firms.
    expect(await b.c.post(EnterprisePath.staffList, {}, { firmid: a.main.session.firmId })).toMatchObject({ status: 401 });
    // a's data is untouched.
    expect((await a.main.c.post<StaffRow[]>(EnterprisePath.staffList)).value).toHaveLength(2);
  });

  it('names every right of the catalogue in a group', async () => {
    const { c } = await newEnterprise(ctx);
    const catalogue = await c.post<RightCatalogueEntry[]>(EnterprisePath.rightCatalogue);
    expect(catalogue.value.map((r) => r.rightCode)).toEqual(RIGHT_CODES);
    expect(new Set(catalogue.value.map((r) => r.group))).toEqual(new Set(['buyer', 'seller', 'capital', 'logistics', 'personnel']));
    expect(catalogue.value.find((r) => r.rightCode === 'capital.withdraw')).toEqual({ rightCode: 'capital.withdraw', rightName: 'Fund out', group: 'capital', groupName: 'Capital' });
  });
});

describe('delivery addresses and the signature seal', () => {
  const address = (overrides: Record<string, unknown> = {}) => ({
    recipients: '王小二',
    recipientsCellphone: '13912340000',
    region: '上海市 浦东新区',
    addressName: '张江路 88 号 3 号楼',
    postCode: '201203',
    ...overrides,
  });

  it('keeps one default per user and only the owner sees or changes an address', async () => {
    const { c } = await newEnterprise(ctx);
    const first = await c.post<AddressRow>(EnterprisePath.addressSave, address());
    expect(first.value.defaultFlag).toBe('1');
    const second = await c.post<AddressRow>(EnterprisePath.addressSave, address({ recipients: '李四', defaultFlag: '1' }));
    expect(second.value.defaultFlag).toBe('1');
    let list = (await c.post<AddressRow[]>(EnterprisePath.addressList)).value;
    expect(list.map((a) => [a.recipients, a.defaultFlag])).toEqual([['李四', '1'], ['王小二', '0']]);
    await c.post(EnterprisePath.addressDefault, { id: first.value.id });
    await c.post(EnterprisePath.addressSave, address({ id: second.value.id, recipients: '李四四' }));
    list = (await c.post<AddressRow[]>(EnterprisePath.addressList)).value;
    expect(list.map((a) => [a.recipients, a.defaultFlag])).toEqual([['王小二', '1'], ['李四四', '0']]);
    expect(await c.post(EnterprisePath.addressSave, address({ postCode: '12' }))).toMatchObject({ status: 422 });

    const other = await newEnterprise(ctx);
    expect(await other.c.post(EnterprisePath.addressDelete, { id: first.value.id })).toMatchObject({ status: 404, message: 'No such delivery address' });
    expect((await other.c.post<AddressRow[]>(EnterprisePath.addressList)).value).toEqual([]);

    await c.post(EnterprisePath.addressDelete, { id: first.value.id });
    list = (await c.post<AddressRow[]>(EnterprisePath.addressList)).value;
    expect(list.map((a) => [a.recipients, a.defaultFlag])).toEqual([['李四四', '1']]);
  });

  it('stores the seal re-encoded and hands it to other modules', async () => {
    const { c, session } = await newEnterprise(ctx);
    expect((await c.post<SealInfo>(EnterprisePath.seal)).value).toBeNull();
    expect(await postFile(ctx, c, EnterprisePath.sealUpload, Buffer.from('%PDF-1.4 nope'), 'seal.pdf', 'application/pdf')).toMatchObject({
      status: 422,
      message: 'Signature seal must be a JPG or PNG image under 3 MB',
    });
    const uploaded = await postFile(ctx, c, EnterprisePath.sealUpload, await png(400, 400));
    expect(uploaded.code).toBe('0');
    const seal = (await c.post<SealInfo>(EnterprisePath.seal)).value;
    expect(seal?.uploadId).toBeTruthy();

    const firm = createFirmService({ db: ctx.database.db, clock: ctx.clock });
    const services = createEnterpriseServices({
      db: ctx.database.db,
      clock: ctx.clock,
      firm,
      uploads: createUploadService({ db: ctx.database.db, clock: ctx.clock, dataDir: ctx.config.dataDir }),
      accounts: firmAccounts,
      users: createUserDirectory({ db: ctx.database.db }),
      staffPositionOf,
    });
    const image = await services.profile.sealImageOf(session.firmId);
    expect(image?.mime).toBe('image/png');
    expect(image?.data.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(await services.profile.sealImageOf('99999999')).toBeNull();
  });
});

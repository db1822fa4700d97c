import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { EnterprisePath, SupplyPath, type AdminSupplyNote, type CommodityType, type Page, type RoleRow, type SupplyNote, type SupplyNoteRequest } from '@tp/contract';
import { type TestContext, createSeededTestApp } from './harness';
import { adminClient, newEnterprise, png, postFile, staffLogin } from './enterprise-support';
import { client, newPhone, type Client } from './identity-support';

let ctx: TestContext;
let staff: Client;
let rebar: CommodityType;

beforeAll(async () => {
  ctx = await createSeededTestApp();
  staff = await adminClient(ctx);
  rebar = (await staff.get<CommodityType[]>('/api/catalog/commodityTypes')).value.find((t) => t.name === '螺纹钢')!;
});
afterAll(() => ctx.close());

let titles = 0;
/** A note form with a title no other test uses, so public searches find exactly this one. */
function form(overrides: Partial<SupplyNoteRequest> = {}): SupplyNoteRequest {
  titles += 1;
  return {
    kind: 'supply',
    title: `现货螺纹钢出售 批次${titles}`,
    description: '沙钢产，可开票，上海库提货',
    commodityTypeId: rebar.commodityTypeId,
    commodityName: '螺纹钢',
    brand: '沙钢',
    specifications: 'HRB400E Φ18',
    packages: '捆装',
    price: '3650.5',
    unit: '元/吨',
    weight: '120.25',
    weightUnit: '吨',
    address: '上海市宝山区长江路 88 号',
    companyName: '上海测试贸易有限公司',
    contactsName: '王经理',
    contactsPhone: '13912345678',
    ...overrides,
  };
}

async function release(c: Client, overrides: Partial<SupplyNoteRequest> = {}) {
  const res = await c.post<SupplyNote>(SupplyPath.release, form(overrides));
  expect(res.code, res.message).toBe('0');
  return res.value;
}

async function staffDo(path: string, body: object) {
  const res = await staff.post<AdminSupplyNote>(path, body);
  expect(res.code, res.message).toBe('0');
  return res.value;
}

async function mineOf(c: Client, noteId: string) {
  return (await c.post<Page<SupplyNote>>(SupplyPath.mine, { size: 100 })).value.content.find((n) => n.noteId === noteId);
}

const visitor = () => client(ctx);
const publicList = (c: Client, body: object = {}) => c.post<Page<SupplyNote>>(SupplyPath.list, { size: 100, ...body });

describe('supply notes: release, audit and the public board', () => {
  it('releases as pending, hidden from the public until staff approve; visitors see no contacts, logged-in users do', async () => {
    const owner = await newEnterprise(ctx);
    const note = await release(owner.c);
    expect(note).toMatchObject({ status: 'W', kind: 'supply', price: '3650.50', weight: '120.250', mine: true, reason: '', topAt: null, contactsPhone: '13912345678' });
    expect((await publicList(visitor(), { keyword: note.title })).value.total).toBe(0);
    expect(await visitor().post(SupplyPath.detail, { noteId: note.noteId })).toMatchObject({ status: 404, message: 'No such supply or demand note' });

    const queue = (await staff.post<Page<AdminSupplyNote>>(SupplyPath.adminList, { status: 'W', keyword: note.title })).value.content;
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ noteId: note.noteId, firmId: owner.session.firmId, contactsName: '王经理' });

    const approved = await staffDo(SupplyPath.adminAudit, { noteId: note.noteId, pass: true });
    expect(approved).toMatchObject({ status: 'T', reason: '', auditedBy: expect.stringMatching(/^staff:/) });

    const shown = (await publicList(visitor(), { keyword: note.title })).value.content;
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ noteId: note.noteId, status: 'T', companyName: '上海测试贸易有限公司', contactsName: null, contactsPhone: null, mine: false, img: null });
    const otherFirm = await newEnterprise(ctx);
    const seen = await otherFirm.c.post<SupplyNote>(SupplyPath.detail, { noteId: note.noteId });
    expect(seen.value).toMatchObject({ contactsName: '王经理', contactsPhone: '13912345678', mine: false });
  });

  it('rejects with a reason the owner reads; the owner edits and resubmits, back to pending', async () => {
    const owner = await newEnterprise(ctx);
    const note = await release(owner.c);
    const silent = await staff.post(SupplyPath.adminAudit, { noteId: note.noteId, pass: false });
    expect(silent).toMatchObject({ status: 422, value: { fields: [expect.objectContaining({ field: 'reason' })] } });
    expect(await staffDo(SupplyPath.adminAudit, { noteId: note.noteId, pass: false, reason: '联系电话与企业不符' })).toMatchObject({ status: 'F', reason: '联系电话与企业不符' });
    expect(await mineOf(owner.c, note.noteId)).toMatchObject({ status: 'F', reason: '联系电话与企业不符' });

    const edited = await owner.c.post<SupplyNote>(SupplyPath.update, { ...form({ contactsPhone: '021-62345678', title: note.title }), noteId: note.noteId });
    expect(edited).toMatchObject({ code: '0', value: { status: 'W', reason: '', contactsPhone: '021-62345678' } });
    expect(await staffDo(SupplyPath.adminAudit, { noteId: note.noteId, pass: true })).toMatchObject({ status: 'T' });
  });

  it('the owner revokes a pending or an approved note; an approved one leaves the board', async () => {
    const owner = await newEnterprise(ctx);
    const pending = await release(owner.c);
    expect(await owner.c.post(SupplyPath.undo, { noteId: pending.noteId })).toMatchObject({ code: '0', value: { status: 'U' } });
    expect((await staff.post<Page<AdminSupplyNote>>(SupplyPath.adminList, { status: 'W', keyword: pending.title })).value.total).toBe(0);

    const live = await release(owner.c);
    await staffDo(SupplyPath.adminAudit, { noteId: live.noteId, pass: true });
    expect((await publicList(visitor(), { keyword: live.title })).value.total).toBe(1);
    expect(await owner.c.post(SupplyPath.undo, { noteId: live.noteId })).toMatchObject({ code: '0', value: { status: 'U' } });
    expect((await publicList(visitor(), { keyword: live.title })).value.total).toBe(0);
  });

  it('staff force an approved note off the shelf with a reason; it leaves the board and the owner sees why', async () => {
    const owner = await newEnterprise(ctx);
    const note = await release(owner.c);
    await staffDo(SupplyPath.adminAudit, { noteId: note.noteId, pass: true });
    expect(await staff.post(SupplyPath.adminOffShelf, { noteId: note.noteId, reason: '' })).toMatchObject({ status: 422 });
    expect(await staffDo(SupplyPath.adminOffShelf, { noteId: note.noteId, reason: '价格明显偏离市场' })).toMatchObject({ status: 'D', reason: '价格明显偏离市场' });
    expect((await publicList(visitor(), { keyword: note.title })).value.total).toBe(0);
    expect(await mineOf(owner.c, note.noteId)).toMatchObject({ status: 'D', reason: '价格明显偏离市场' });
  });

  it('pinned notes come first, the latest pin first, with the pin time recorded', async () => {
    const owner = await newEnterprise(ctx);
    const tag = `置顶测试${Date.now()}`;
    const [a, b, c] = [await release(owner.c, { brand: tag }), await release(owner.c, { brand: tag }), await release(owner.c, { brand: tag })];
    for (const n of [a, b, c]) await staffDo(SupplyPath.adminAudit, { noteId: n.noteId, pass: true });
    const order = async () => (await publicList(visitor(), { keyword: tag })).value.content.map((n) => n.noteId);
    expect(await order()).toEqual([c.noteId, b.noteId, a.noteId]);

    const pinned = await owner.c.post<SupplyNote>(SupplyPath.top, { noteId: a.noteId });
    expect(pinned.value.topAt).toBe(ctx.clock.now().toISOString());
    expect(await order()).toEqual([a.noteId, c.noteId, b.noteId]);
    ctx.clock.advance(60_000);
    await owner.c.post(SupplyPath.top, { noteId: b.noteId });
    expect(await order()).toEqual([b.noteId, a.noteId, c.noteId]);

    // Unpinned, a note goes back to its place by release time; unpinning again changes nothing.
    const unpinned = await owner.c.post<SupplyNote>(SupplyPath.untop, { noteId: b.noteId });
    expect(unpinned.value).toMatchObject({ status: 'T', topAt: null });
    expect(await order()).toEqual([a.noteId, c.noteId, b.noteId]);
    expect((await owner.c.post<SupplyNote>(SupplyPath.untop, { noteId: b.noteId })).value.topAt).toBeNull();
  });

  it('only an approved note can be unpinned, and only by its own firm', async () => {
    const owner = await newEnterprise(ctx);
    const note = await release(owner.c);
    expect(await owner.c.post(SupplyPath.untop, { noteId: note.noteId })).toMatchObject({ status: 409, message: 'The note is pending; you cannot unpin it' });
    await staffDo(SupplyPath.adminAudit, { noteId: note.noteId, pass: true });
    await owner.c.post(SupplyPath.top, { noteId: note.noteId });
    const other = await newEnterprise(ctx);
    expect(await other.c.post(SupplyPath.untop, { noteId: note.noteId })).toMatchObject({ status: 404 });
    expect((await mineOf(owner.c, note.noteId))?.topAt).not.toBeNull();
  });

  it('filters the board by kind, commodity and keyword, ten to a page by default', async () => {
    const owner = await newEnterprise(ctx);
    const tag = `筛选${Date.now()}`;
    const wanted = await release(owner.c, { kind: 'demand', brand: tag, price: '' });
    const other = await release(owner.c, { kind: 'supply', brand: tag, commodityTypeId: undefined, commodityName: '冷轧板' });
    for (const n of [wanted, other]) await staffDo(SupplyPath.adminAudit, { noteId: n.noteId, pass: true });
    const ids = async (body: object) => (await publicList(visitor(), { keyword: tag, ...body })).value.content.map((n) => n.noteId);
    expect(await ids({ kind: 'demand' })).toEqual([wanted.noteId]);
    expect(await ids({ commodityTypeId: rebar.commodityTypeId })).toEqual([wanted.noteId]);
    expect((await ids({})).sort()).toEqual([wanted.noteId, other.noteId].sort());
    expect((await visitor().post<Page<SupplyNote>>(SupplyPath.list, { keyword: tag })).value.size).toBe(10);
    const negotiable = (await publicList(visitor(), { keyword: tag, kind: 'demand' })).value.content[0];
    expect(negotiable).toMatchObject({ kind: 'demand', price: null });
    // A percent sign typed in the search box is a character, not a wildcard.
    expect(await ids({ keyword: `${tag}%` })).toEqual([]);
  });
});

describe('supply notes: refused transitions', () => {
  it('refuses every transition the state does not allow, naming the state and the action', async () => {
    const owner = await newEnterprise(ctx);
    const note = await release(owner.c);
    expect(await owner.c.post(SupplyPath.top, { noteId: note.noteId })).toMatchObject({ status: 409, message: 'The note is pending; you cannot pin it to the top' });
    expect(await owner.c.post(SupplyPath.update, { ...form(), noteId: note.noteId })).toMatchObject({ status: 409, message: 'The note is pending; you cannot edit and resubmit it' });
    expect(await staff.post(SupplyPath.adminOffShelf, { noteId: note.noteId, reason: '违规信息' })).toMatchObject({ status: 409, message: 'The note is pending; you cannot force it off the shelf' });

    await staffDo(SupplyPath.adminAudit, { noteId: note.noteId, pass: true });
    expect(await staff.post(SupplyPath.adminAudit, { noteId: note.noteId, pass: true })).toMatchObject({ status: 409, message: 'The note is approved; you cannot audit it' });
    expect(await owner.c.post(SupplyPath.update, { ...form(), noteId: note.noteId })).toMatchObject({ status: 409, message: 'The note is approved; you cannot edit and resubmit it' });

    await staffDo(SupplyPath.adminOffShelf, { noteId: note.noteId, reason: '违规信息' });
    expect(await owner.c.post(SupplyPath.undo, { noteId: note.noteId })).toMatchObject({ status: 409, message: 'The note is forced off the shelf; you cannot revoke it' });
    expect(await owner.c.post(SupplyPath.top, { noteId: note.noteId })).toMatchObject({ status: 409 });
    expect(await owner.c.post(SupplyPath.update, { ...form(), noteId: note.noteId })).toMatchObject({ status: 409 });
    expect(await staff.post(SupplyPath.adminOffShelf, { noteId: note.noteId, reason: '违规信息' })).toMatchObject({ status: 409, message: 'The note is forced off the shelf; you cannot force it off the shelf' });

    const revoked = await release(owner.c);
    await owner.c.post(SupplyPath.undo, { noteId: revoked.noteId });
    expect(await owner.c.post(SupplyPath.undo, { noteId: revoked.noteId })).toMatchObject({ status: 409, message: 'The note is revoked; you cannot revoke it' });
    expect(await staff.post(SupplyPath.adminAudit, { noteId: revoked.noteId, pass: true })).toMatchObject({ status: 409, message: 'The note is revoked; you cannot audit it' });
    expect(await owner.c.post(SupplyPath.top, { noteId: revoked.noteId })).toMatchObject({ status: 409 });
    expect(await owner.c.post(SupplyPath.update, { ...form(), noteId: revoked.noteId })).toMatchObject({ status: 409 });

    const rejected = await release(owner.c);
    await staffDo(SupplyPath.adminAudit, { noteId: rejected.noteId, pass: false, reason: '资料不全' });
    expect(await owner.c.post(SupplyPath.undo, { noteId: rejected.noteId })).toMatchObject({ status: 409, message: 'The note is rejected; you cannot revoke it' });
    expect(await staff.post(SupplyPath.adminOffShelf, { noteId: rejected.noteId, reason: '违规信息' })).toMatchObject({ status: 409 });
  });

  it('refuses malformed notes naming the field, in the caller’s language', async () => {
    const owner = await newEnterprise(ctx, 'cn');
    const bad = await owner.c.post(SupplyPath.release, form({ price: '12.345', contactsPhone: '12345' }));
    expect(bad.status).toBe(422);
    expect((bad.value as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual(['contactsPhone', 'price']);
    const unknownType = await owner.c.post(SupplyPath.release, form({ commodityTypeId: '999999' }));
    expect(unknownType).toMatchObject({ status: 422, message: '品种：品种不存在' });
    const notAnUpload = await owner.c.post(SupplyPath.release, form({ img: '0b7e7a4e-0000-4000-8000-000000000000' }));
    expect(notAnUpload).toMatchObject({ status: 422, message: '图片：只能上传 3 MB 以内的 JPG 或 PNG 图片', value: { fields: [{ field: 'img' }] } });
  });
});

describe('supply notes: who may do what', () => {
  it('another firm can neither read nor act on a note by id: not found', async () => {
    const owner = await newEnterprise(ctx);
    const intruder = await newEnterprise(ctx);
    const note = await release(owner.c);
    expect(await intruder.c.post(SupplyPath.detail, { noteId: note.noteId })).toMatchObject({ status: 404 });
    expect(await intruder.c.post(SupplyPath.undo, { noteId: note.noteId })).toMatchObject({ status: 404, message: 'No such supply or demand note' });
    expect((await intruder.c.post<Page<SupplyNote>>(SupplyPath.mine, { size: 100 })).value.content.map((n) => n.noteId)).not.toContain(note.noteId);

    await staffDo(SupplyPath.adminAudit, { noteId: note.noteId, pass: false, reason: '资料不全' });
    expect(await intruder.c.post(SupplyPath.update, { ...form(), noteId: note.noteId })).toMatchObject({ status: 404 });
    expect(await intruder.c.post(SupplyPath.top, { noteId: note.noteId })).toMatchObject({ status: 404 });
    expect(await mineOf(owner.c, note.noteId)).toMatchObject({ status: 'F' });
  });

  it('only staff audit or take notes off the shelf; firm users and visitors are refused', async () => {
    const owner = await newEnterprise(ctx);
    const note = await release(owner.c);
    expect(await owner.c.post(SupplyPath.adminAudit, { noteId: note.noteId, pass: true })).toMatchObject({ status: 401 });
    expect(await owner.c.post(SupplyPath.adminList, {})).toMatchObject({ status: 401 });
    expect(await visitor().post(SupplyPath.adminOffShelf, { noteId: note.noteId, reason: '违规信息' })).toMatchObject({ status: 401 });
    expect(await visitor().post(SupplyPath.release, form())).toMatchObject({ status: 401 });
    expect(await mineOf(owner.c, note.noteId)).toMatchObject({ status: 'W' });
  });

  it('a firm staff member needs the supply.publish right', async () => {
    const main = await newEnterprise(ctx);
    const role = await main.c.post<RoleRow>(EnterprisePath.roleAdd, { roleName: '业务员', rightCodeList: ['trade.pick'] });
    const tel = newPhone();
    expect((await main.c.post(EnterprisePath.staffAdd, { cellphone: tel, userName: '周业务', roleIds: [role.value.roleId] })).code).toBe('0');
    const member = await staffLogin(ctx, tel);
    expect(await member.c.post(SupplyPath.release, form())).toMatchObject({ status: 403, message: 'You do not have the right "Publish supply and demand notes"' });
    expect(await member.c.post(SupplyPath.mine, {})).toMatchObject({ status: 403 });

    await main.c.post(EnterprisePath.roleUpdate, { roleId: role.value.roleId, roleName: '业务员', rightCodeList: ['trade.pick', 'supply.publish'] });
    const note = await release(member.c);
    // The firm's notes are the firm's: the main account sees and manages its staff member's note.
    expect(await mineOf(main.c, note.noteId)).toMatchObject({ status: 'W', mine: true });
  });
});

describe('supply notes: the picture', () => {
  it('is sniffed and re-encoded with a 300 px thumbnail, public once approved and only then', async () => {
    const owner = await newEnterprise(ctx);
    const upload = await postFile(ctx, owner.c, SupplyPath.upload, await png(1200, 800));
    expect(upload.code, upload.message).toBe('0');
    const note = await release(owner.c, { img: upload.value.id });
    expect(note).toMatchObject({ img: upload.value.id, imageUrl: `/api/supply/image/${note.noteId}`, thumbUrl: `/api/supply/image/${note.noteId}/thumb` });

    const fetchImage = (url: string, c?: Client) => ctx.app.http.inject({ method: 'GET', url, headers: c ? c.headers : {} });
    expect((await fetchImage(note.thumbUrl!)).statusCode).toBe(404);
    expect((await fetchImage(note.thumbUrl!, owner.c)).statusCode).toBe(200);

    const admin = await staffDo(SupplyPath.adminAudit, { noteId: note.noteId, pass: true });
    expect(admin.thumbUrl).toBe(`/api/admin/upload/${upload.value.id}/thumb`);
    expect((await fetchImage(admin.thumbUrl!, staff)).statusCode).toBe(200);
    const thumb = await fetchImage(note.thumbUrl!);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(300);
    const full = await fetchImage(note.imageUrl!);
    expect(full.headers['content-type']).toBe('image/png');
    expect((await sharp(full.rawPayload).metadata()).width).toBe(1200);

    await staffDo(SupplyPath.adminOffShelf, { noteId: note.noteId, reason: '图片与商品不符' });
    expect((await fetchImage(note.imageUrl!)).statusCode).toBe(404);
  });

  it('refuses a file that is not a JPG or PNG, naming the field', async () => {
    const owner = await newEnterprise(ctx);
    const refused = await postFile(ctx, owner.c, SupplyPath.upload, Buffer.from('GIF89a not really'), 'x.gif', 'image/gif');
    expect(refused).toMatchObject({ status: 422, message: 'Image must be a JPG or PNG image under 3 MB' });
    expect(refused.value.fields).toEqual([expect.objectContaining({ field: 'img' })]);
    // Another firm's upload cannot be attached either.
    const other = await newEnterprise(ctx);
    const theirs = await postFile(ctx, other.c, SupplyPath.upload, await png());
    expect(await owner.c.post(SupplyPath.release, form({ img: theirs.value.id }))).toMatchObject({ status: 422, value: { fields: [{ field: 'img' }] } });
  });
});

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ContractPath, EnterprisePath, ListingPath, contractPdfPath, type Contract, type ContractDetail, type ContractPage, type ContractVerification, type Listing, type ListingPick } from '@tp/contract';
import type { TestContext } from './harness';
import { adminClient, multipart, png, postFile } from './enterprise-support';
import type { Client } from './identity-support';
import { startListingApp, type ListingWorld } from './listing-support';
import { pdfText } from './pdf-text';

let ctx: TestContext;
let world: ListingWorld;

beforeAll(async () => ({ ctx, world } = await startListingApp()));
afterAll(() => ctx.close());

/** A confirmed pick of 15 rebar at 1234.56 (18518.40), and its contract as the seller and the buyer see it. */
async function confirmedPick() {
  const seller = await world.firmWithFunds('500');
  const holding = await world.storedHolding(seller.c);
  const listed = await seller.c.post<Listing>(ListingPath.create, world.listingRequest.spot(holding.holdId, { price: '1234.56', quantity: '40', weight: '100.2' }));
  expect(listed.code, listed.message).toBe('0');
  const buyer = await world.firmWithFunds('100000');
  const picked = await buyer.c.post<ListingPick>(ListingPath.pick, { listingId: listed.value.listingId, quantity: '15' });
  expect(picked.code, picked.message).toBe('0');
  const confirmed = await seller.c.post<ListingPick>(ListingPath.confirmPick, { pickId: picked.value.pickId });
  expect(confirmed.code, confirmed.message).toBe('0');
  const pick = confirmed.value;
  // Confirmation issued the contract.
  const mine = (await buyer.c.post<ContractPage>(ContractPath.list, { side: 'buyer' })).value.content.filter((c) => c.pickId === pick.pickId);
  expect(mine).toHaveLength(1);
  // Issuing again for the same pick gives the same contract.
  const again = await ctx.app.services.contracts.issueForPick(ctx.database.db, {
    pickId: Number(pick.pickId),
    listingId: Number(pick.listingId),
    listingType: 'X',
    source: 'W',
    sellerFirmId: Number(seller.firmId),
    buyerFirmId: Number(buyer.firmId),
    commodityName: pick.commodityName,
    gradeName: pick.gradeName,
    unit: pick.unit,
    weightUnit: world.rebar.weightUnit,
    price: pick.price,
    quantity: pick.quantity,
    weight: pick.weight!,
    amount: pick.amount,
    buyerMargin: '0.00',
    sellerMargin: '0.00',
    feeRate: '0.002',
    poundsPoor: '0',
    openTicketDay: 3,
    balanceDueAt: null,
    deliveryDueAt: null,
    origin: null,
    warehouseName: null,
    confirmedAt: ctx.clock.now().toISOString(),
  });
  expect(again.contractId).toBe(mine[0]!.contractId);
  return { seller, buyer, pick, contract: mine[0]! };
}

async function pdfOf(c: Client, contractId: string, download = false) {
  const res = await ctx.app.http.inject({ method: 'GET', url: contractPdfPath(contractId, download), headers: { 'accept-language': 'en', ...c.headers } });
  return { status: res.statusCode, type: res.headers['content-type'], disposition: res.headers['content-disposition'], body: res.rawPayload };
}

/** Checks a file through the public upload, as a visitor or as a logged-in user of `as`. */
async function uploadForCheck(pdf: Buffer, lang = 'en', as?: Client) {
  const body = multipart('contract.pdf', 'application/pdf', pdf);
  const res = await ctx.app.http.inject({ method: 'POST', url: ContractPath.verifyUpload, headers: { 'accept-language': lang, ...as?.headers, ...body.headers }, payload: body.payload });
  return { status: res.statusCode, body: res.body, ...(res.json() as { code: string; message: string; value: ContractVerification }) };
}

/** Checks a contract number and SHA-256 as a visitor. */
async function hashCheck(payload: object, lang = 'en') {
  const res = await ctx.app.http.inject({ method: 'POST', url: ContractPath.verifyHash, headers: { 'accept-language': lang }, payload });
  return { status: res.statusCode, body: res.body, ...(res.json() as { code: string; message: string; value: ContractVerification }) };
}

const NEW_CONTRACT_NO = /^HT\d{8}[0-9A-HJKMNP-TV-Z]{10}$/;

async function sign(c: Client, contractId: string) {
  return c.post<ContractDetail>(ContractPath.sign, { contractId });
}

describe('contracts of confirmed picks', () => {
  it('renders the contract in Chinese with both parties, the goods and the amount in uppercase numerals', async () => {
    const { seller, buyer, contract } = await confirmedPick();
    expect(contract).toMatchObject({ status: '0', side: 'buyer', commodityName: '螺纹钢', price: '1234.56', quantity: '15.000', amount: '18518.40', amountInWords: '壹万捌仟伍佰壹拾捌元肆角', sellerSigned: false, buyerSigned: false, awaitingMySignature: true });
    expect(contract.contractNo).toMatch(NEW_CONTRACT_NO);

    const first = await pdfOf(seller.c, contract.contractId);
    expect(first).toMatchObject({ status: 200, type: 'application/pdf', disposition: `inline; filename="${contract.contractNo}.pdf"` });
    const text = pdfText(first.body);
    expect(text).toContain('购销合同');
    expect(text).toContain(`合同编号：${contract.contractNo}`);
    expect(text).toContain(`卖方（甲方）：${contract.sellerName}`);
    expect(text).toContain(`买方（乙方）：${contract.buyerName}`);
    expect(text).toContain('合同总金额：人民币（大写）壹万捌仟伍佰壹拾捌元肆角（小写 ¥18,518.40）');
    expect(text).toContain('本合同不设磅差');
    expect(text).toContain('甲方应在成交之日起 3 日内');
    // The same contract is the same bytes for both parties, every time.
    expect((await pdfOf(buyer.c, contract.contractId)).body.equals(first.body)).toBe(true);
  });

  it('another firm can neither read, download nor sign it', async () => {
    const { contract } = await confirmedPick();
    const stranger = await world.firmWithFunds('1');
    expect(await stranger.c.post(ContractPath.detail, { contractId: contract.contractId })).toMatchObject({ status: 404, message: 'No such contract' });
    expect((await pdfOf(stranger.c, contract.contractId)).status).toBe(404);
    expect(await sign(stranger.c, contract.contractId)).toMatchObject({ status: 404, message: 'No such contract' });
    expect(await stranger.c.post(ContractPath.verify, { contractId: contract.contractId })).toMatchObject({ status: 404 });
    expect((await stranger.c.post<ContractPage>(ContractPath.list, { side: 'buyer' })).value.content).toEqual([]);
  });

  it('refuses to sign without a seal and says where to upload it', async () => {
    const { buyer, contract } = await confirmedPick();
    expect(await sign(buyer.c, contract.contractId)).toMatchObject({
      status: 409,
      message: 'No signature seal yet: upload your firm\'s seal under "Personal center › Signature seal" first, then sign the contract',
    });
    expect((await buyer.c.post<ContractDetail>(ContractPath.detail, { contractId: contract.contractId })).value).toMatchObject({ status: '0', signatures: [] });
  });

  it('tells a visitor with only a contract number nothing; the number and hash of the genuine document verify it and nothing more', async () => {
    const { seller, buyer, contract } = await confirmedPick();
    expect((await postFile(ctx, seller.c, EnterprisePath.sealUpload, await png(300, 300))).code).toBe('0');
    ctx.clock.advance(60_000);
    const signed = await sign(seller.c, contract.contractId);
    expect(signed.code, signed.message).toBe('0');
    const genuine = (await pdfOf(buyer.c, contract.contractId)).body;
    const versionHashes = signed.value.signatures.flatMap((s) => [s.previousHash, s.documentHash]);
    const secrets = [contract.sellerName, contract.buyerName, ...versionHashes, ...signed.value.signatures.map((s) => s.signedAt)];

    const numberOnly = await hashCheck({ contractNo: contract.contractNo });
    expect(numberOnly.status).toBe(422);
    for (const secret of secrets) expect(numberOnly.body).not.toContain(secret);
    const madeUp = 'ab'.repeat(32);
    const guessed = await hashCheck({ contractNo: contract.contractNo, sha256: madeUp });
    expect(guessed.value).toEqual({
      ok: false,
      tampered: true,
      superseded: false,
      contractNo: null,
      status: null,
      sha256: madeUp,
      message: "The contract has been altered: its hash does not match the platform's record",
      signatures: [],
    });
    for (const secret of secrets) expect(guessed.body).not.toContain(secret);

    const sha256 = signed.value.documentHash!;
    const verified = await hashCheck({ contractNo: contract.contractNo, sha256: sha256.toUpperCase() });
    expect(verified.value).toEqual({
      ok: true,
      tampered: false,
      superseded: false,
      contractNo: contract.contractNo,
      status: '1',
      sha256,
      message: 'Verified: the document is unaltered and its signatures are valid; the buyer has yet to sign',
      signatures: [],
    });
    for (const secret of [contract.sellerName, contract.buyerName, signed.value.signatures[0]!.signedAt, signed.value.signatures[0]!.previousHash]) expect(verified.body).not.toContain(secret);
    expect(createHash('sha256').update(genuine).digest('hex')).toBe(sha256);

    // Another firm's user is a visitor too.
    const stranger = await world.firmWithFunds('1');
    const strangers = await uploadForCheck(genuine, 'en', stranger.c);
    expect(strangers.value.signatures).toEqual([]);
    for (const secret of [contract.sellerName, contract.buyerName, signed.value.signatures[0]!.signedAt]) expect(strangers.body).not.toContain(secret);
  });

  it('numbers new contracts with a random tail, not one after another', async () => {
    const first = (await confirmedPick()).contract.contractNo;
    const second = (await confirmedPick()).contract.contractNo;
    for (const no of [first, second]) expect(no).toMatch(NEW_CONTRACT_NO);
    expect(second).not.toBe(first);
    // The tail's alphabet is base32 without I, L, O and U: read it as the number it spells.
    const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    const tail = (no: string) => [...no.slice(10)].reduce((n, ch) => n * 32n + BigInt(ALPHABET.indexOf(ch)), 0n);
    const gap = tail(second) - tail(first);
    expect(gap > 1n || gap < -1n).toBe(true);
  });

  it('both parties sign with their seals; the signed PDF verifies and any changed byte is detected', async () => {
    const { seller, buyer, contract } = await confirmedPick();
    for (const party of [seller, buyer]) expect((await postFile(ctx, party.c, EnterprisePath.sealUpload, await png(300, 300))).code).toBe('0');

    const unsigned = (await pdfOf(buyer.c, contract.contractId)).body;
    ctx.clock.advance(60_000);
    const bySeller = await sign(seller.c, contract.contractId);
    expect(bySeller.code, bySeller.message).toBe('0');
    expect(bySeller.value).toMatchObject({ status: '1', sellerSigned: true, buyerSigned: false, awaitingMySignature: false });
    expect(await sign(seller.c, contract.contractId)).toMatchObject({ status: 409, message: 'Your firm has already signed this contract' });
    const sellerSigned = (await pdfOf(buyer.c, contract.contractId)).body;
    expect(sellerSigned.equals(unsigned)).toBe(false);

    ctx.clock.advance(60_000);
    const byBuyer = await sign(buyer.c, contract.contractId);
    expect(byBuyer.code, byBuyer.message).toBe('0');
    expect(byBuyer.value).toMatchObject({ status: '3', sellerSigned: true, buyerSigned: true });
    const [first, second] = byBuyer.value.signatures;
    expect(first).toMatchObject({ party: 'seller', firmName: contract.sellerName, userId: seller.c.headers.userid });
    expect(second).toMatchObject({ party: 'buyer', firmName: contract.buyerName, previousHash: first!.documentHash, documentHash: byBuyer.value.documentHash });

    const download = await pdfOf(buyer.c, contract.contractId, true);
    expect(download.disposition).toBe(`attachment; filename="${contract.contractNo}.pdf"`);
    const text = pdfText(download.body);
    expect(text).toContain('人民币（大写）壹万捌仟伍佰壹拾捌元肆角');
    expect(text.match(/电子签章时间/g)).toHaveLength(2);

    // A visitor holding the signed copy learns that it is genuine, and nothing the copy does not show.
    const checked = await uploadForCheck(download.body);
    expect(checked.value).toEqual({
      ok: true,
      tampered: false,
      superseded: false,
      contractNo: contract.contractNo,
      status: '3',
      sha256: byBuyer.value.documentHash,
      message: 'Verified: the document is unaltered and both signatures are valid',
      signatures: [],
    });
    // A party checking the same copy sees each signature.
    const byParty = await uploadForCheck(download.body, 'en', seller.c);
    expect(byParty.value).toMatchObject({ ok: true, tampered: false, superseded: false, contractNo: contract.contractNo, status: '3', message: 'Verified: the document is unaltered and both signatures are valid' });
    expect(byParty.value.signatures.map((s) => [s.party, s.firmName, s.valid, s.coversDocument])).toEqual([
      ['seller', contract.sellerName, true, true],
      ['buyer', contract.buyerName, true, true],
    ]);
    expect((await seller.c.post<ContractVerification>(ContractPath.verify, { contractId: contract.contractId })).value.ok).toBe(true);
    expect((await buyer.c.post<ContractVerification>(ContractPath.verifyHash, { contractNo: contract.contractNo, sha256: checked.value.sha256 })).value.ok).toBe(true);

    // The copy downloaded after the seller signed is genuine but no longer the whole contract.
    const earlier = await uploadForCheck(sellerSigned, 'en', buyer.c);
    expect(earlier.value).toMatchObject({ ok: true, superseded: true, message: 'This is an earlier version: the buyer signed after it; use the latest version' });
    const earlierForVisitor = await uploadForCheck(sellerSigned);
    expect(earlierForVisitor.value).toMatchObject({ ok: true, superseded: true, status: null, message: 'This is an earlier version of the contract: it was signed again after it; use the latest version', signatures: [] });

    const altered = Buffer.from(download.body);
    const at = Math.floor(altered.length / 2);
    altered[at] = altered[at]! ^ 0x01;
    const tampered = await uploadForCheck(altered, 'cn', buyer.c);
    expect(tampered.value).toMatchObject({ ok: false, tampered: true, contractNo: contract.contractNo, message: '合同已被篡改：文件摘要与平台存证不符，买方签名验证失败' });
    expect(tampered.value.signatures.every((s) => !s.coversDocument && s.firmName === null)).toBe(true);
    const tamperedForVisitor = await uploadForCheck(altered, 'cn');
    expect(tamperedForVisitor.value).toEqual({ ok: false, tampered: true, superseded: false, contractNo: null, status: null, sha256: tamperedForVisitor.value.sha256, message: '合同已被篡改：文件摘要与平台存证不符', signatures: [] });

    const audit = await ctx.database.db.execute(sql`select action, actor_id from audit_log where object_type = 'contract' and object_id = ${contract.contractId} order by id`);
    expect((audit as unknown as { rows: { action: string; actor_id: string }[] }).rows).toEqual([
      { action: 'contract.sign', actor_id: seller.c.headers.userid },
      { action: 'contract.sign', actor_id: buyer.c.headers.userid },
    ]);

    const staff = await adminClient(ctx);
    const registry = (await staff.post<ContractPage>(ContractPath.adminList, { contractNo: contract.contractNo })).value.content;
    expect(registry.map((c: Contract) => [c.contractNo, c.status, c.side])).toEqual([[contract.contractNo, '3', null]]);
    expect((await staff.post<ContractVerification>(ContractPath.adminVerify, { contractId: contract.contractId })).value.ok).toBe(true);
  });

  it('refuses a file that is not a PDF for verification', async () => {
    const body = multipart('seal.png', 'image/png', await png(10, 10));
    const res = await ctx.app.http.inject({ method: 'POST', url: ContractPath.verifyUpload, headers: { 'accept-language': 'en', ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Contract file: only a PDF of up to 5 MB can be uploaded' });
  });
});

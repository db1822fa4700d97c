import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContentPath,
  EXCHANGE_SERVICE_MAILBOX,
  ExchangeContentPath,
  LEGAL_KINDS,
  type AdminArticle,
  type AdminLegalVersion,
  type ExchangeArticleDetail,
  type ExchangeArticlePage,
  type HelpCentre,
  type LegalDocument,
  type TermsStatus,
} from '@tp/contract';
import { searchAudit } from '../src/platform/audit/index';
import { adminClient } from './enterprise-support';
import { type TestContext, createSeededTestApp } from './harness';
import { client, loggedInUser, type Client } from './identity-support';

let ctx: TestContext;
let staff: Client;

beforeAll(async () => {
  ctx = await createSeededTestApp();
  staff = await adminClient(ctx);
});
afterAll(() => ctx.close());

const texts = (cn: string, en: string, tw: string) => ({ cn, en, tw });

describe('announcements and the help centre', () => {
  it('lists pinned announcements first, in the reader’s language, and opens one', async () => {
    const english = await client(ctx, { lang: 'en' }).get<ExchangeArticlePage>(`${ExchangeContentPath.notices}?page=0&size=10`);
    expect(english.status).toBe(200);
    expect(english.value.content[0]).toMatchObject({ title: 'The pre-sale section is open', pinned: true, kind: 'notice' });
    expect(english.value.content.slice(1).every((n) => !n.pinned)).toBe(true);

    const traditional = await client(ctx, { lang: 'tw' }).get<ExchangeArticleDetail>(`${ExchangeContentPath.article}?id=${english.value.content[0]!.id}`);
    expect(traditional.value.title).toBe('預售專區上線公告');
    expect(traditional.value.body).toContain('未中籤部分原路退回');

    const pinnedOnly = await client(ctx, { lang: 'cn' }).get<ExchangeArticlePage>(`${ExchangeContentPath.notices}?pinned=1`);
    expect(pinnedOnly.value.content.map((n) => n.title)).toEqual(['预售专区上线公告']);
  });

  it('serves the help articles and the FAQ', async () => {
    const help = await client(ctx, { lang: 'en' }).get<HelpCentre>(ExchangeContentPath.help);
    expect(help.value.help.map((a) => a.title)).toContain('How to verify your real name');
    expect(help.value.faq.map((a) => a.title)).toContain('I forgot my login password');
  });

  it('staff publish, edit and take down an announcement; each step is audited', async () => {
    const saved = await staff.post<AdminArticle>(ExchangeContentPath.adminSaveArticle, {
      kind: 'notice',
      pinned: true,
      title: texts('新币上线', 'New coin listed', '新幣上線'),
      summary: texts('', '', ''),
      body: texts('正文', 'Body', '正文'),
    });
    expect(saved.code, saved.message).toBe('0');
    const reader = client(ctx, { lang: 'en' });
    expect((await reader.get<ExchangeArticlePage>(`${ExchangeContentPath.notices}?pinned=1`)).value.content[0]?.title).toBe('New coin listed');

    const edited = await staff.post<AdminArticle>(ExchangeContentPath.adminSaveArticle, { ...saved.value, id: saved.value.id, publishedAt: undefined, title: texts('新币上线', 'A new coin is listed', '新幣上線') });
    expect(edited.code, edited.message).toBe('0');
    expect((await reader.get<ExchangeArticleDetail>(`${ExchangeContentPath.article}?id=${saved.value.id}`)).value.title).toBe('A new coin is listed');

    expect((await staff.post(ExchangeContentPath.adminDeleteArticle, { id: saved.value.id })).code).toBe('0');
    expect((await reader.get(`${ExchangeContentPath.article}?id=${saved.value.id}`)).status).toBe(404);

    const audit = await searchAudit(ctx.database.db, { objectType: 'content_item', objectId: saved.value.id, offset: 0, limit: 10 });
    expect(audit.rows.map((row) => row.action).sort()).toEqual(['content.article.create', 'content.article.delete', 'content.article.update']);
  });

  it('does not reach the commodity site’s items, and a user without the right is refused', async () => {
    const columns = await client(ctx).get<{ code: string; columnId: string }[]>(ContentPath.columns);
    const news = columns.value.find((c) => c.code === 'news')!;
    const item = (await client(ctx).get<{ content: { id: string }[] }>(`${ContentPath.list}?columnId=${news.columnId}`)).value.content[0]!;
    expect((await staff.post(ExchangeContentPath.adminDeleteArticle, { id: item.id })).status).toBe(404);
    expect((await client(ctx).get(`${ContentPath.detail}?id=${item.id}`)).status).toBe(200);
    expect((await client(ctx, { lang: 'en' }).get(`${ExchangeContentPath.article}?id=${item.id}`)).status).toBe(404);

    const { c: user } = await loggedInUser(ctx);
    expect((await user.post(ExchangeContentPath.adminPublishLegal, { kind: 'terms', title: texts('a', 'a', 'a'), body: texts('b', 'b', 'b') })).status).toBe(401);
  });
});

describe('legal texts', () => {
  it('every legal text is served in cn, en and tw, naming the service mailbox and Singapore law', async () => {
    for (const kind of LEGAL_KINDS) {
      for (const lang of ['cn', 'en', 'tw'] as const) {
        const doc = await client(ctx, { lang }).get<LegalDocument>(`${ExchangeContentPath.legal}?kind=${kind}`);
        expect(doc.status, `${kind} ${lang}`).toBe(200);
        expect(doc.value.version).toBe(1);
        expect(doc.value.body).toContain(EXCHANGE_SERVICE_MAILBOX);
        expect(doc.value.body).not.toContain('{email}');
        if (kind !== 'digital-assets') expect(doc.value.body).toMatch(lang === 'en' ? /Singapore/ : /新加坡/);
      }
    }
  });

  it('states the spec’s legal facts', async () => {
    const en = async (kind: string) => (await client(ctx, { lang: 'en' }).get<LegalDocument>(`${ExchangeContentPath.legal}?kind=${kind}`)).value.body;
    const terms = await en('terms');
    expect(terms).toContain('at least 16 years old');
    expect(terms).toContain('no login for one year may be closed or cancelled');
    expect(terms).toContain('at least 30 days notice');
    expect(terms).toContain('fees you paid to the platform in the preceding 3 months');
    expect(terms).toContain('minimum indemnity of 2 million USD');
    const kyc = await en('kyc-aml');
    expect(kyc).toContain('holding 10% or more');
    expect(kyc).toContain('holding 25% or more');
    expect(kyc).toContain('kept for at least 6 years');
    expect(await en('privacy')).toContain('kept for at least 6 years');
  });

  it('registration accepts the version in force; a new version asks that user to accept again', async () => {
    const { c: user } = await loggedInUser(ctx);
    expect((await user.post<TermsStatus>(ExchangeContentPath.legalStatus)).value).toEqual({ version: 1, accepted: true, acceptedVersion: 1 });

    ctx.clock.advance(60_000);
    const published = await staff.post<AdminLegalVersion>(ExchangeContentPath.adminPublishLegal, {
      kind: 'terms',
      title: texts('服务条款', 'Terms of Service', '服務條款'),
      body: texts('第二版，受新加坡法律管辖。', 'Second version, governed by the laws of Singapore.', '第二版，受新加坡法律管轄。'),
    });
    expect(published.code, published.message).toBe('0');
    expect(published.value.version).toBe(2);

    expect((await user.post<TermsStatus>(ExchangeContentPath.legalStatus)).value).toEqual({ version: 2, accepted: false, acceptedVersion: 1 });
    const stale = await user.post(ExchangeContentPath.legalAccept, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe('The terms of service have changed: read the new version before accepting');
    expect((await user.post<TermsStatus>(ExchangeContentPath.legalAccept, { version: 2 })).value.accepted).toBe(true);

    // Someone registering now accepts version 2 with the register form.
    ctx.clock.advance(60_000);
    const { c: newcomer } = await loggedInUser(ctx);
    expect((await newcomer.post<TermsStatus>(ExchangeContentPath.legalStatus)).value).toEqual({ version: 2, accepted: true, acceptedVersion: 2 });

    expect((await client(ctx, { lang: 'en' }).get<LegalDocument>(`${ExchangeContentPath.legal}?kind=terms`)).value).toMatchObject({ version: 2, body: 'Second version, governed by the laws of Singapore.' });
    const versions = await staff.post<AdminLegalVersion[]>(ExchangeContentPath.adminLegalVersions, { kind: 'terms' });
    expect(versions.value.map((v) => v.version)).toEqual([2, 1]);
    expect(versions.value[1]!.body.en).toContain('governed by and construed under the laws of Singapore');
  });
});

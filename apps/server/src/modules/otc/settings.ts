import { Decimal } from '@tp/decimal';
import {
  OTC_MERCHANT_DEPOSIT,
  OTC_MERCHANT_DEPOSIT_ASSET,
  type OtcAdminMerchantRow,
  type OtcContactRequest,
  type OtcImage,
  type OtcMerchantApplyRequest,
  type OtcMerchantInfo,
  type OtcMerchantStatus,
  type OtcPaymentMethod,
  type OtcProfile,
  type OtcSavePaymentMethodRequest,
  type Page,
} from '@tp/contract';
import { appendAudit } from '../../platform/audit/index';
import { isUniqueViolation, pageOf, pageWindow, withTransaction, type DbOrTx } from '../../platform/db/index';
import { ConflictError, NotFoundError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { storeImageOrRefuse } from '../../platform/uploads/index';
import { assertRealNameVerified, assertSeniorVerified } from '../verification/index';
import { InsufficientFundsError } from '../ledger/index';
import { Accounts, uid, type OtcContext } from './otc.context';
import { MerchantFailedError, OtcFieldError, REASONS, RULES } from './otc.errors';
import * as repo from './otc.repo';

const MERCHANT_REASONS = {
  alreadyApplied: text('已有审核中或已通过的商家申请', 'an application is already under review or approved', '已有審核中或已通過的商家申請'),
  notMerchant: text('您还不是商家', 'you are not a merchant', '您還不是商家'),
  stillTrading: text('请先下架广告并完成所有进行中的订单', 'withdraw your ads and finish every open order first', '請先下架廣告並完成所有進行中的訂單'),
  funds: text('法币账户可用 {asset} 不足 {amount}', 'the fiat account holds less than {amount} {asset} available', '法幣帳戶可用 {asset} 不足 {amount}'),
  decided: text('该申请已审核', 'this application has already been decided', '該申請已審核'),
  reasonRequired: text('驳回须填写原因', 'a rejection needs a reason', '駁回須填寫原因'),
};

const NO_SUCH_METHOD = text('收付款方式不存在', 'No such payment method', '收付款方式不存在');

async function passes(check: () => Promise<void>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch {
    return false;
  }
}

export function createOtcSettings(ctx: OtcContext) {
  const { db, clock, deps } = ctx;

  function toMethod(row: repo.PaymentMethodRow): OtcPaymentMethod {
    return {
      id: String(row.id),
      method: row.method,
      currency: row.currency as OtcPaymentMethod['currency'],
      accountName: row.accountName,
      account: row.account,
      bankName: row.bankName,
      bankBranch: row.bankBranch,
      qrImageId: row.qrImageId,
      remarks: row.remarks,
    };
  }

  function toMerchant(row: repo.MerchantRow | undefined): OtcMerchantInfo {
    return {
      status: row?.status ?? 'none',
      reason: row?.reason ?? '',
      deposit: row ? Decimal.parse(row.deposit).toString() : '0',
      asset: row?.asset ?? OTC_MERCHANT_DEPOSIT_ASSET,
      appliedAt: row?.createdAt.toISOString() ?? '',
      reviewedAt: row?.reviewedAt?.toISOString() ?? '',
    };
  }

  const hasContact = (row: repo.ProfileRow | undefined) => !!row && [row.mobile, row.email, row.qq, row.wechat, row.whatsapp, row.others].some((v) => v !== '');

  /** Moves the deposit between the merchant's available and frozen fiat TPT. */
  async function moveDeposit(tx: DbOrTx, merchant: repo.MerchantRow, direction: 'freeze' | 'refund'): Promise<void> {
    const amount = Decimal.parse(merchant.deposit).toString();
    const [from, to] = direction === 'freeze' ? [Accounts.available, Accounts.frozen] : [Accounts.frozen, Accounts.available];
    await deps.ledger.post(tx, {
      idempotencyKey: `otc.merchant.${direction === 'freeze' ? 'deposit' : 'refund'}:${merchant.id}`,
      type: direction === 'freeze' ? 'otc.merchant.deposit' : 'otc.merchant.refund',
      description: `merchant ${merchant.id}`,
      businessRef: String(merchant.id),
      postings: [
        { account: from(merchant.userId, merchant.asset), amount: `-${amount}` },
        { account: to(merchant.userId, merchant.asset), amount },
      ],
    });
  }

  return {
    hasContact,

    async profile(auth: AuthContext): Promise<OtcProfile> {
      const userId = uid(auth);
      const [profile, methods, merchant, realName, senior] = await Promise.all([
        repo.findProfile(db, userId),
        repo.paymentMethodsOf(db, userId),
        repo.latestMerchant(db, userId),
        passes(() => assertRealNameVerified(db, userId)),
        passes(() => assertSeniorVerified(db, userId)),
      ]);
      const missing: OtcProfile['missing'] = [];
      if (!realName) missing.push('realName');
      if (!profile?.nickname) missing.push('nickname');
      if (!hasContact(profile)) missing.push('contact');
      if (methods.length === 0) missing.push('payment');
      return {
        nickname: profile?.nickname ?? '',
        nickNameStatus: profile?.nickname ? '1' : '0',
        contact: {
          mobile: profile?.mobile ?? '',
          email: profile?.email ?? '',
          qq: profile?.qq ?? '',
          wechat: profile?.wechat ?? '',
          whatsapp: profile?.whatsapp ?? '',
          others: profile?.others ?? '',
        },
        paymentMethods: methods.map(toMethod),
        realName,
        senior,
        merchant: toMerchant(merchant),
        missing,
      };
    },

    /** The nickname is set once: the spec does not let it change after submission. */
    async setNickname(auth: AuthContext, nickname: string): Promise<OtcProfile> {
      try {
        await withTransaction(db, async (tx) => {
          const current = await repo.findProfile(tx, uid(auth), true);
          if (current?.nickname) throw new OtcFieldError('nickname', RULES.nicknameSet, auth.language);
          await repo.upsertProfile(tx, { userId: uid(auth), nickname, updatedAt: clock.now() });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new OtcFieldError('nickname', RULES.nicknameTaken, auth.language);
        throw error;
      }
      return this.profile(auth);
    },

    async saveContact(auth: AuthContext, contact: OtcContactRequest): Promise<OtcProfile> {
      if (!Object.values(contact).some((v) => v !== '')) throw new OtcFieldError('contact', RULES.contactRequired, auth.language);
      await repo.upsertProfile(db, { userId: uid(auth), ...contact, updatedAt: clock.now() });
      return this.profile(auth);
    },

    /** Saves (adds, or edits by id) a payment method after the fund password. */
    async savePaymentMethod(auth: AuthContext, request: OtcSavePaymentMethodRequest): Promise<OtcProfile> {
      const lang = auth.language;
      if (request.method === 'bank' && request.bankName === '') throw new OtcFieldError('bankName', RULES.required, lang);
      if (request.method !== 'bank' && request.qrImageId === '') throw new OtcFieldError('qrImageId', RULES.qrRequired, lang);
      if (request.qrImageId !== '') await ctx.assertOwnImages(auth, [request.qrImageId], 'qrImageId');
      await deps.paymentPasswords.verify({ userId: uid(auth), kind: 'fund', password: request.fundPassword });
      const now = clock.now();
      const fields = {
        method: request.method,
        currency: request.currency,
        accountName: request.accountName,
        account: request.account,
        bankName: request.method === 'bank' ? request.bankName : '',
        bankBranch: request.method === 'bank' ? request.bankBranch : '',
        qrImageId: request.method === 'bank' ? '' : request.qrImageId,
        remarks: request.remarks,
        updatedAt: now,
      };
      if (request.id) {
        if (!(await repo.findPaymentMethod(db, uid(auth), Number(request.id)))) throw new NotFoundError(NO_SUCH_METHOD);
        await repo.updatePaymentMethod(db, uid(auth), Number(request.id), fields);
      } else {
        await repo.insertPaymentMethod(db, { userId: uid(auth), ...fields, createdAt: now });
      }
      return this.profile(auth);
    },

    async deletePaymentMethod(auth: AuthContext, id: string, fundPassword: string): Promise<OtcProfile> {
      if (!(await repo.findPaymentMethod(db, uid(auth), Number(id)))) throw new NotFoundError(NO_SUCH_METHOD);
      await deps.paymentPasswords.verify({ userId: uid(auth), kind: 'fund', password: fundPassword });
      // Orders keep their own copy of the details they were placed with.
      await repo.updatePaymentMethod(db, uid(auth), Number(id), { deleted: true, updatedAt: clock.now() });
      return this.profile(auth);
    },

    /** A picture for fiat trading: sniffed JPG/PNG under 3 MB, re-encoded by the upload service. */
    async storeImage(auth: AuthContext, buffer: Buffer | null): Promise<OtcImage> {
      const file = await storeImageOrRefuse(deps.uploads, auth, buffer, () => new OtcFieldError('imageId', RULES.imageNotYours, auth.language));
      await repo.insertImage(db, { uploadId: file.id, userId: uid(auth), firmId: auth.firmId, createdAt: clock.now() });
      return { id: file.id };
    },

    /** Documents and the agreement; the deposit of 50000 platform tokens is frozen at once from the fiat account. */
    async applyMerchant(auth: AuthContext, request: OtcMerchantApplyRequest): Promise<OtcProfile> {
      const userId = uid(auth);
      if (!(await passes(() => assertRealNameVerified(db, userId)))) throw new MerchantFailedError(REASONS.realName, {}, 403);
      const profile = await repo.findProfile(db, userId);
      if (!profile?.nickname) throw new MerchantFailedError(REASONS.nickname);
      if (!hasContact(profile)) throw new MerchantFailedError(REASONS.contact);
      await ctx.assertOwnImages(auth, request.documents, 'documents');
      await deps.paymentPasswords.verify({ userId, kind: 'fund', password: request.fundPassword });
      try {
        await withTransaction(db, async (tx) => {
          const latest = await repo.latestMerchant(tx, userId);
          if (latest && (latest.status === 'submitted' || latest.status === 'approved')) throw new MerchantFailedError(MERCHANT_REASONS.alreadyApplied);
          const now = clock.now();
          const merchant = await repo.insertMerchant(tx, {
            userId,
            status: 'submitted',
            documents: [...new Set(request.documents)],
            asset: OTC_MERCHANT_DEPOSIT_ASSET,
            deposit: OTC_MERCHANT_DEPOSIT,
            createdAt: now,
            updatedAt: now,
          });
          await moveDeposit(tx, merchant, 'freeze');
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw new MerchantFailedError(MERCHANT_REASONS.funds, { asset: OTC_MERCHANT_DEPOSIT_ASSET, amount: OTC_MERCHANT_DEPOSIT });
        if (isUniqueViolation(error)) throw new MerchantFailedError(MERCHANT_REASONS.alreadyApplied);
        throw error;
      }
      return this.profile(auth);
    },

    /** A merchant without active ads or open orders (or an applicant still waiting) leaves and gets the deposit back. */
    async quitMerchant(auth: AuthContext, fundPassword: string): Promise<OtcProfile> {
      const userId = uid(auth);
      const latest = await repo.latestMerchant(db, userId);
      if (!latest || (latest.status !== 'approved' && latest.status !== 'submitted')) throw new MerchantFailedError(MERCHANT_REASONS.notMerchant);
      await deps.paymentPasswords.verify({ userId, kind: 'fund', password: fundPassword });
      await withTransaction(db, async (tx) => {
        const merchant = await repo.merchantForUpdate(tx, latest.id);
        if (!merchant || (merchant.status !== 'approved' && merchant.status !== 'submitted')) throw new MerchantFailedError(MERCHANT_REASONS.notMerchant);
        if ((await repo.countActiveAds(tx, userId)) > 0 || (await repo.countOpenOrders(tx, userId)) > 0) throw new MerchantFailedError(MERCHANT_REASONS.stillTrading);
        await moveDeposit(tx, merchant, 'refund');
        await repo.updateMerchant(tx, merchant.id, { status: 'quit', updatedAt: clock.now() });
      });
      return this.profile(auth);
    },

    async isMerchant(userId: number): Promise<boolean> {
      return (await repo.latestMerchant(db, userId))?.status === 'approved';
    },

    async adminMerchants(query: { status?: OtcMerchantStatus | undefined; page: number; size: number }): Promise<Page<OtcAdminMerchantRow>> {
      const status = query.status === 'none' ? undefined : query.status;
      const { rows, total } = await repo.listMerchants(db, { status, ...pageWindow(query) });
      const userIds = rows.map((row) => row.userId);
      const [accounts, names] = await Promise.all([deps.users.accountsOf(userIds), ctx.nicknamesOf(userIds)]);
      return pageOf(
        rows.map((row) => ({ ...toMerchant(row), id: String(row.id), userId: String(row.userId), account: accounts.get(row.userId) ?? '', nickname: names.get(row.userId) ?? '', documents: row.documents })),
        total,
        query,
      );
    },

    /** Staff approve, or reject with a reason (the deposit is released); once, audited, told to the applicant. */
    async adminReview(staff: AuthContext, decision: { id: string; approve: boolean; reason: string }): Promise<void> {
      if (!decision.approve && decision.reason.length < 2) throw new OtcFieldError('reason', MERCHANT_REASONS.reasonRequired, staff.language);
      await withTransaction(db, async (tx) => {
        const merchant = await repo.merchantForUpdate(tx, Number(decision.id));
        if (!merchant) throw new NotFoundError();
        if (merchant.status !== 'submitted') throw new ConflictError(MERCHANT_REASONS.decided);
        const now = clock.now();
        if (!decision.approve) await moveDeposit(tx, merchant, 'refund');
        await repo.updateMerchant(tx, merchant.id, {
          status: decision.approve ? 'approved' : 'rejected',
          reason: decision.reason,
          reviewedBy: staff.userId,
          reviewedAt: now,
          updatedAt: now,
        });
        await repo.insertNotices(tx, [{ userId: merchant.userId, kind: decision.approve ? 'merchantApproved' : 'merchantRejected', createdAt: now }]);
        await ctx.push(tx, merchant.userId, { kind: 'merchant', orderId: '', status: decision.approve ? 'approved' : 'rejected' });
        await appendAudit(tx, {
          at: now,
          actorKind: 'staff',
          actorId: staff.userId,
          action: decision.approve ? 'otc.merchant.approve' : 'otc.merchant.reject',
          objectType: 'otc_merchant',
          objectId: String(merchant.id),
          detail: { userId: merchant.userId, reason: decision.reason },
        });
      });
      await deps.publisher.flush();
    },
  };
}

export type OtcSettings = ReturnType<typeof createOtcSettings>;

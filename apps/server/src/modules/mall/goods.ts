import { Decimal } from '@tp/decimal';
import {
  MallGoodsStatus,
  UPLOAD_IMAGE_MAX_BYTES,
  type Language,
  type MallAdminGoodsRequest,
  type MallAuditRequest,
  type MallClass,
  type MallClassSaveRequest,
  type MallGoods,
  type MallGoodsListRequest,
  type MallGoodsRequest,
  type MallGoodsUpdateRequest,
  type MallMineRequest,
  type Page,
  type UploadedFile,
} from '@tp/contract';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit/index';
import { movesOf, optionalId, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import { NotFoundError, onBehalfOf, staffActor, userActor, viewerFirm, type AuthContext } from '../../platform/http/index';
import { readablePhotoOrRefuse, storeImageOrRefuse, type OpenedFile } from '../../platform/uploads/index';
import { visibleTo, type MallContext } from './context';
import { ACTIONS, GoodsStateError, ImageRefusedError, MESSAGES, UnknownValueError, goodsNotFound } from './mall.errors';
import * as repo from './mall.repo';

type GoodsInput = z.output<typeof MallGoodsRequest>;
type UpdateInput = z.output<typeof MallGoodsUpdateRequest>;
type ListQuery = z.output<typeof MallGoodsListRequest>;
type MineQuery = z.output<typeof MallMineRequest>;
type AdminQuery = z.output<typeof MallAdminGoodsRequest>;
type AuditInput = z.output<typeof MallAuditRequest>;
type ClassInput = z.output<typeof MallClassSaveRequest>;

const MAX_MB = UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024);

const toClass = (row: repo.ClassRow): MallClass => ({ classId: String(row.id), name: row.name, sort: row.sort, enabled: row.enabled });

const fieldsOf = (input: GoodsInput) => ({
  classId: Number(input.classId),
  name: input.name,
  specs: input.specs,
  price: Decimal.parse(input.price).toString(),
  stock: input.stock,
  images: [...new Set(input.images)],
  description: input.description,
});

/** Goods classes and goods: the public mall, sellers' publishing and the staff audit. */
export function createMallGoods(ctx: MallContext) {
  const { db, clock } = ctx;

  async function checkGoods(auth: AuthContext, input: GoodsInput, lang: Language): Promise<void> {
    const cls = await repo.classById(db, Number(input.classId));
    if (!cls?.enabled) throw new UnknownValueError('classId', lang);
    for (const id of new Set(input.images)) {
      await readablePhotoOrRefuse(db, auth, id, () => new ImageRefusedError('images', lang, MAX_MB));
    }
  }

  /** One move of one goods record, with its history row; `firmId` scopes it to the owner. */
  const transition = movesOf(db, clock, {
    lock: repo.goodsForUpdate,
    update: repo.updateGoods,
    record: (tx, row: repo.GoodsRow, entry) => repo.insertGoodsHistory(tx, { goodsId: row.id, ...entry }),
    notFound: goodsNotFound,
  });

  const view = async (id: number, viewer: number | 'staff'): Promise<MallGoods> => {
    const row = await repo.goodsById(db, id);
    if (!row) throw goodsNotFound();
    return (await ctx.toGoods([row], viewer))[0]!;
  };

  return {
    async classes(): Promise<MallClass[]> {
      return (await repo.listClasses(db, true)).map(toClass);
    },

    async list(auth: AuthContext | null, query: ListQuery): Promise<Page<MallGoods>> {
      const { rows, total } = await repo.listGoods(db, { status: MallGoodsStatus.onSale, classId: optionalId(query.classId), keyword: query.keyword, sort: query.sort, ...pageWindow(query) });
      return pageOf(await ctx.toGoods(rows, viewerFirm(auth)), total, query);
    },

    /** Goods on sale, or the caller's own in any state; anything else is not found. */
    async detail(auth: AuthContext | null, goodsId: number): Promise<MallGoods> {
      const row = await repo.goodsById(db, goodsId);
      if (!row || !visibleTo(row, viewerFirm(auth))) throw goodsNotFound();
      return (await ctx.toGoods([row], viewerFirm(auth)))[0]!;
    },

    async image(auth: AuthContext | null, goodsId: number, index: number, variant: 'file' | 'thumb'): Promise<OpenedFile> {
      const row = await repo.goodsById(db, goodsId);
      const img = row?.images[index];
      if (!row || !img || !visibleTo(row, viewerFirm(auth))) throw goodsNotFound();
      return ctx.uploads.open(onBehalfOf(row.firmId, row.userId), img, variant);
    },

    /** A goods picture: sniffed, re-encoded and given a 300 px JPEG thumbnail by the upload service. */
    async upload(auth: AuthContext, buffer: Buffer | null, lang: Language): Promise<UploadedFile> {
      await ctx.allow(auth, 'seller.product');
      return storeImageOrRefuse(ctx.uploads, auth, buffer, () => new ImageRefusedError('img', lang, MAX_MB));
    },

    async mine(auth: AuthContext, query: MineQuery): Promise<Page<MallGoods>> {
      const firmId = await ctx.allow(auth, 'seller.product');
      const { rows, total } = await repo.listGoods(db, { firmId, status: query.status, ...pageWindow(query) });
      return pageOf(await ctx.toGoods(rows, firmId), total, query);
    },

    /** New goods go to staff audit (`W`). */
    async create(auth: AuthContext, input: GoodsInput, lang: Language): Promise<MallGoods> {
      const firmId = await ctx.allow(auth, 'seller.product');
      await checkGoods(auth, input, lang);
      const now = clock.now();
      const row = await withTransaction(db, async (tx) => {
        const created = await repo.insertGoods(tx, { ...fieldsOf(input), firmId, userId: Number(auth.userId), status: MallGoodsStatus.pendingAudit, createdAt: now, updatedAt: now });
        await repo.insertGoodsHistory(tx, { goodsId: created.id, fromStatus: '', toStatus: MallGoodsStatus.pendingAudit, actor: userActor(auth), createdAt: now });
        return created;
      });
      return view(row.id, firmId);
    },

    /** Any edit goes back to audit, so buyers only ever see audited content. */
    async update(auth: AuthContext, input: UpdateInput, lang: Language): Promise<MallGoods> {
      const firmId = await ctx.allow(auth, 'seller.product');
      await checkGoods(auth, input, lang);
      const { commodityId, ...fields } = input;
      await transition(Number(commodityId), firmId, async () => ({
        to: MallGoodsStatus.pendingAudit,
        actor: userActor(auth),
        patch: { ...fieldsOf(fields), userId: Number(auth.userId), reason: '', auditedBy: '', auditedAt: null },
      }));
      return view(Number(commodityId), firmId);
    },

    async offShelf(auth: AuthContext, goodsId: number): Promise<MallGoods> {
      const firmId = await ctx.allow(auth, 'seller.product');
      await transition(goodsId, firmId, async (_tx, row) => {
        if (row.status !== MallGoodsStatus.onSale) throw new GoodsStateError(row.status, ACTIONS.offShelf);
        return { to: MallGoodsStatus.offShelf, actor: userActor(auth) };
      });
      return view(goodsId, firmId);
    },

    // ---- staff (the route names the `mall.manage` right) ----

    async adminClasses(): Promise<MallClass[]> {
      return (await repo.listClasses(db, false)).map(toClass);
    },

    async saveClass(auth: AuthContext, input: ClassInput): Promise<MallClass> {
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        const fields = { name: input.name, sort: input.sort, enabled: input.enabled, updatedAt: now };
        let id: number;
        if (input.classId) {
          id = Number(input.classId);
          if ((await repo.updateClass(tx, id, fields)) === 0) throw new NotFoundError(MESSAGES.classNotFound);
        } else {
          id = (await repo.insertClass(tx, { ...fields, createdAt: now })).id;
        }
        await appendAudit(tx, { at: now, actorKind: 'staff', actorId: auth.userId, action: 'mall.class.save', objectType: 'mallClass', objectId: String(id), detail: input });
        return toClass((await repo.classById(tx, id))!);
      });
    },

    async adminGoods(query: AdminQuery): Promise<Page<MallGoods>> {
      const { rows, total } = await repo.listGoods(db, { status: query.status, keyword: query.keyword, ...pageWindow(query) });
      return pageOf(await ctx.toGoods(rows, 'staff'), total, query);
    },

    /** `W` → `T` on sale | `F` rejected with the reason the seller reads. */
    async audit(auth: AuthContext, input: AuditInput): Promise<MallGoods> {
      await transition(Number(input.commodityId), undefined, async (tx, row, now) => {
        if (row.status !== MallGoodsStatus.pendingAudit) throw new GoodsStateError(row.status, ACTIONS.audit);
        await appendAudit(tx, { at: now, actorKind: 'staff', actorId: auth.userId, action: 'mall.goods.audit', objectType: 'mallGoods', objectId: String(row.id), detail: { pass: input.pass, reason: input.reason } });
        const reason = input.pass ? '' : input.reason;
        return { to: input.pass ? MallGoodsStatus.onSale : MallGoodsStatus.rejected, actor: staffActor(auth), reason, patch: { reason, auditedBy: staffActor(auth), auditedAt: now } };
      });
      return view(Number(input.commodityId), 'staff');
    },
  };
}

export type MallGoodsApi = ReturnType<typeof createMallGoods>;

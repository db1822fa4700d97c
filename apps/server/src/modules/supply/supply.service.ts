import { Decimal } from '@tp/decimal';
import {
  UPLOAD_IMAGE_MAX_BYTES,
  UploadPath,
  supplyImagePath,
  type AdminSupplyListRequest,
  type AdminSupplyNote,
  type Language,
  type Page,
  type SupplyAuditRequest,
  type SupplyKind,
  type SupplyListRequest,
  type SupplyMineRequest,
  type SupplyNote,
  type SupplyNoteRequest,
  type SupplyOffShelfRequest,
  type SupplyStatus,
  type SupplyUpdateRequest,
  type UploadedFile,
} from '@tp/contract';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit/index';
import type { Clock } from '../../platform/clock';
import { type Db, type DbOrTx, movesOf, optionalId, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import { onBehalfOf, requireStaff, staffActor, userActor, ValidationError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { readablePhotoOrRefuse, storeImageOrRefuse, type OpenedFile, type UploadService } from '../../platform/uploads/index';
import { loadCommodityTypes } from '../catalog/index';
import { requireFirmRight, type FirmService } from '../firm/index';
import { ACTIONS, ImageRefusedError, NoteStateError, notFound } from './supply.errors';
import * as repo from './supply.repo';

export interface SupplyServiceDeps {
  db: Db;
  clock: Clock;
  firm: Pick<FirmService, 'requireRight'>;
  uploads: Pick<UploadService, 'storeImage' | 'open'>;
}

// What the routes pass: the requests as zod parsed them, defaults applied.
type NoteInput = z.output<typeof SupplyNoteRequest>;
type UpdateInput = z.output<typeof SupplyUpdateRequest>;
type ListQuery = z.output<typeof SupplyListRequest>;
type MineQuery = z.output<typeof SupplyMineRequest>;
type AdminQuery = z.output<typeof AdminSupplyListRequest>;
type AuditInput = z.output<typeof SupplyAuditRequest>;
type OffShelfInput = z.output<typeof SupplyOffShelfRequest>;

const MAX_MB = UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024);
const UNKNOWN_COMMODITY = text('品种不存在', 'is not a known commodity type', '品種不存在');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Who is looking at a note decides what of it they see. */
interface Viewer {
  firmId: number | undefined;
  loggedIn: boolean;
}

export function createSupplyService(deps: SupplyServiceDeps) {
  const { db, clock, firm } = deps;
  const viewerOf = (auth: AuthContext | null): Viewer => ({ firmId: auth?.kind === 'user' && auth.firmId ? Number(auth.firmId) : undefined, loggedIn: auth?.kind === 'user' });

  const publisher = (auth: AuthContext): Promise<number> => requireFirmRight(firm, auth, 'supply.publish');

  /** One page of the notes within `scope` that match the board's filters (kind, commodity type, keyword). */
  const searchNotes = (query: ListQuery, scope: { firmId?: number | undefined; status?: string | undefined }) =>
    repo.listNotes(db, {
      ...scope,
      kind: query.kind,
      commodityTypeId: optionalId(query.commodityTypeId),
      keyword: query.keyword,
      ...pageWindow(query),
    });

  function toNote(row: repo.NoteRow, viewer: Viewer): SupplyNote {
    const mine = viewer.firmId !== undefined && row.firmId === viewer.firmId;
    const id = String(row.id);
    return {
      noteId: id,
      kind: row.kind as SupplyKind,
      title: row.title,
      description: row.description,
      commodityTypeId: row.commodityTypeId === null ? null : String(row.commodityTypeId),
      commodityName: row.commodityName,
      brand: row.brand,
      specifications: row.specifications,
      packages: row.packages,
      price: row.price === null ? null : Decimal.parse(row.price).truncate(2).toFixed(2),
      unit: row.unit,
      weight: Decimal.parse(row.weight).truncate(3).toFixed(3),
      weightUnit: row.weightUnit,
      address: row.address,
      companyName: row.companyName,
      contactsName: viewer.loggedIn ? row.contactsName : null,
      contactsPhone: viewer.loggedIn ? row.contactsPhone : null,
      img: mine ? row.img : null,
      imageUrl: row.img ? supplyImagePath(id) : null,
      thumbUrl: row.img ? supplyImagePath(id, true) : null,
      status: row.status as SupplyStatus,
      reason: row.reason,
      topAt: iso(row.topAt),
      mine,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Staff read the picture through the back office's own file addresses, whatever the note's state. */
  function toAdminNote(row: repo.NoteRow): AdminSupplyNote {
    const base = toNote(row, { firmId: undefined, loggedIn: true });
    return {
      ...base,
      img: row.img,
      imageUrl: row.img ? UploadPath.adminFile.replace(':id', row.img) : null,
      thumbUrl: row.img ? UploadPath.adminThumb.replace(':id', row.img) : null,
      firmId: String(row.firmId),
      auditedBy: row.auditedBy,
      auditedAt: iso(row.auditedAt),
    };
  }

  async function history(tx: DbOrTx, noteId: number, from: string, to: string, actor: string, reason = ''): Promise<void> {
    await repo.insertHistory(tx, { noteId, fromStatus: from, toStatus: to, actor, reason, createdAt: clock.now() });
  }

  /** The picture must be a JPG or PNG the caller's firm uploaded; otherwise the field `img` is named. */
  async function checkImage(auth: AuthContext, img: string, lang: Language): Promise<void> {
    if (!img) return;
    await readablePhotoOrRefuse(db, auth, img, () => new ImageRefusedError(lang, MAX_MB));
  }

  async function checkCommodity(commodityTypeId: string | undefined, lang: Language): Promise<void> {
    if (commodityTypeId === undefined) return;
    const types = await loadCommodityTypes(db);
    if (types.some((t) => t.commodityTypeId === commodityTypeId)) return;
    const rule = UNKNOWN_COMMODITY[lang];
    throw new ValidationError([{ field: 'commodityTypeId', rule: 'exists', message: lang === 'en' ? `commodityTypeId ${rule}` : `品种：${rule}` }]);
  }

  function fieldsOf(input: NoteInput) {
    return {
      kind: input.kind,
      title: input.title,
      description: input.description,
      commodityTypeId: input.commodityTypeId === undefined ? null : Number(input.commodityTypeId),
      commodityName: input.commodityName,
      brand: input.brand,
      specifications: input.specifications,
      packages: input.packages,
      price: input.price === '' ? null : Decimal.parse(input.price).toString(),
      unit: input.unit,
      weight: Decimal.parse(input.weight).toString(),
      weightUnit: input.weightUnit,
      address: input.address,
      companyName: input.companyName,
      contactsName: input.contactsName,
      contactsPhone: input.contactsPhone,
      img: input.img === '' ? null : input.img,
    };
  }

  const move = movesOf(db, clock, {
    lock: repo.noteForUpdate,
    update: repo.updateNote,
    record: (tx, note: repo.NoteRow, entry) => repo.insertHistory(tx, { noteId: note.id, ...entry }),
    notFound,
  });

  /** One transition of one note in one transaction, with its history row; `firmId` scopes it to the owner. Gives the note as it now is. */
  async function transition(noteId: number, firmId: number | undefined, work: Parameters<typeof move>[2]): Promise<repo.NoteRow> {
    await move(noteId, firmId, work);
    const row = await repo.noteById(db, noteId);
    if (!row) throw notFound();
    return row;
  }

  async function staffAudit(tx: DbOrTx, auth: AuthContext, action: string, noteId: number, detail: unknown): Promise<void> {
    await appendAudit(tx, { at: clock.now(), actorKind: 'staff', actorId: auth.userId, action, objectType: 'supply_note', objectId: String(noteId), detail });
  }

  return {
    /** Approved notes of every firm, readable without logging in; contacts only for logged-in users. */
    async list(auth: AuthContext | null, query: ListQuery): Promise<Page<SupplyNote>> {
      const { rows, total } = await searchNotes(query, { status: 'T' });
      const viewer = viewerOf(auth);
      return pageOf(rows.map((r) => toNote(r, viewer)), total, query);
    },

    /** An approved note, or the caller's own in any state; anything else is not found. */
    async detail(auth: AuthContext | null, noteId: number): Promise<SupplyNote> {
      const row = await repo.noteById(db, noteId);
      const viewer = viewerOf(auth);
      if (!row || (row.status !== 'T' && row.firmId !== viewer.firmId)) throw notFound();
      return toNote(row, viewer);
    },

    /** The picture of an approved note (or of the caller's own): public like the note, so it is read on the owner firm's behalf. */
    async image(auth: AuthContext | null, noteId: number, variant: 'file' | 'thumb'): Promise<OpenedFile> {
      const row = await repo.noteById(db, noteId);
      const viewer = viewerOf(auth);
      if (!row?.img || (row.status !== 'T' && row.firmId !== viewer.firmId)) throw notFound();
      return deps.uploads.open(onBehalfOf(row.firmId, row.userId), row.img, variant);
    },

    /** The note's picture: sniffed, re-encoded and thumbnailed (300 px) by the upload service; a refusal names `img`. */
    async upload(auth: AuthContext, buffer: Buffer | null, lang: Language): Promise<UploadedFile> {
      await publisher(auth);
      return storeImageOrRefuse(deps.uploads, auth, buffer, () => new ImageRefusedError(lang, MAX_MB));
    },

    async mine(auth: AuthContext, query: MineQuery): Promise<Page<SupplyNote>> {
      const firmId = await publisher(auth);
      const { rows, total } = await searchNotes(query, { firmId, status: query.status });
      const viewer = viewerOf(auth);
      return pageOf(rows.map((r) => toNote(r, viewer)), total, query);
    },

    /** Release: the note waits for staff audit (`W`). */
    async release(auth: AuthContext, input: NoteInput, lang: Language): Promise<SupplyNote> {
      const firmId = await publisher(auth);
      await checkCommodity(input.commodityTypeId, lang);
      await checkImage(auth, input.img, lang);
      const now = clock.now();
      const row = await withTransaction(db, async (tx) => {
        const created = await repo.insertNote(tx, { ...fieldsOf(input), firmId, userId: Number(auth.userId), status: 'W', createdAt: now, updatedAt: now });
        await history(tx, created.id, '', 'W', userActor(auth));
        return created;
      });
      return toNote(row, viewerOf(auth));
    },

    /** A rejected note, corrected and resubmitted: `F` → `W`, the old reason cleared. */
    async update(auth: AuthContext, input: UpdateInput, lang: Language): Promise<SupplyNote> {
      const firmId = await publisher(auth);
      await checkCommodity(input.commodityTypeId, lang);
      await checkImage(auth, input.img, lang);
      const { noteId, ...fields } = input;
      const row = await transition(Number(noteId), firmId, async (_tx, note) => {
        if (note.status !== 'F') throw new NoteStateError(note.status, ACTIONS.edit);
        return { to: 'W', actor: userActor(auth), patch: { ...fieldsOf(fields), userId: Number(auth.userId), reason: '', auditedBy: '', auditedAt: null, topAt: null } };
      });
      return toNote(row, viewerOf(auth));
    },

    /** The owner withdraws a pending or approved note: `W`/`T` → `U`. */
    async undo(auth: AuthContext, noteId: number): Promise<SupplyNote> {
      const firmId = await publisher(auth);
      const row = await transition(noteId, firmId, async (_tx, note) => {
        if (note.status !== 'W' && note.status !== 'T') throw new NoteStateError(note.status, ACTIONS.undo);
        return { to: 'U', actor: userActor(auth) };
      });
      return toNote(row, viewerOf(auth));
    },

    /** The owner pins an approved note: it comes first in the public list, the latest pin first. */
    async top(auth: AuthContext, noteId: number): Promise<SupplyNote> {
      const firmId = await publisher(auth);
      const row = await transition(noteId, firmId, async (_tx, note, now) => {
        if (note.status !== 'T') throw new NoteStateError(note.status, ACTIONS.top);
        return { to: 'T', actor: userActor(auth), reason: 'top', patch: { topAt: now } };
      });
      return toNote(row, viewerOf(auth));
    },

    /** The owner unpins an approved note: it goes back to its place by release time. Unpinning an unpinned note changes nothing. */
    async untop(auth: AuthContext, noteId: number): Promise<SupplyNote> {
      const firmId = await publisher(auth);
      const row = await transition(noteId, firmId, async (_tx, note) => {
        if (note.status !== 'T') throw new NoteStateError(note.status, ACTIONS.untop);
        return { to: 'T', actor: userActor(auth), reason: 'untop', patch: { topAt: null } };
      });
      return toNote(row, viewerOf(auth));
    },

    // ---- staff ----------------------------------------------------------------------------------

    async adminList(auth: AuthContext, query: AdminQuery): Promise<Page<AdminSupplyNote>> {
      requireStaff(auth);
      const { rows, total } = await searchNotes(query, { firmId: optionalId(query.firmId), status: query.status });
      return pageOf(rows.map(toAdminNote), total, query);
    },

    /** `W` → `T` approved (public) | `F` rejected with the reason the firm reads. */
    async audit(auth: AuthContext, input: AuditInput): Promise<AdminSupplyNote> {
      requireStaff(auth);
      const row = await transition(Number(input.noteId), undefined, async (tx, note, now) => {
        if (note.status !== 'W') throw new NoteStateError(note.status, ACTIONS.audit);
        await staffAudit(tx, auth, 'supply.note.audit', note.id, { pass: input.pass, reason: input.reason });
        const reason = input.pass ? '' : input.reason;
        return { to: input.pass ? 'T' : 'F', actor: staffActor(auth), reason, patch: { reason, auditedBy: staffActor(auth), auditedAt: now } };
      });
      return toAdminNote(row);
    },

    /** `T` → `D`: staff take an approved note off the shelf; the owner sees the reason. */
    async offShelf(auth: AuthContext, input: OffShelfInput): Promise<AdminSupplyNote> {
      requireStaff(auth);
      const row = await transition(Number(input.noteId), undefined, async (tx, note, now) => {
        if (note.status !== 'T') throw new NoteStateError(note.status, ACTIONS.offShelf);
        await staffAudit(tx, auth, 'supply.note.offShelf', note.id, { reason: input.reason });
        return { to: 'D', actor: staffActor(auth), reason: input.reason, patch: { reason: input.reason, auditedBy: staffActor(auth), auditedAt: now } };
      });
      return toAdminNote(row);
    },
  };
}

export type SupplyService = ReturnType<typeof createSupplyService>;

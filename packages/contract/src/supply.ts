import { z } from 'zod';
import { RowId, pageFields, pageOf } from './envelope';

/** Supply and demand notes (供求信息): firms publish what they offer or seek; staff audit them before they are public. */
export const SupplyPath = {
  /** Approved notes, public. */
  list: '/api/supply/list',
  /** One approved note (or the caller's own), public; contacts only for logged-in users. */
  detail: '/api/supply/detail',
  /** The note's picture and its 300 px thumbnail, public while the note is approved. */
  image: '/api/supply/image/:noteId',
  thumb: '/api/supply/image/:noteId/thumb',
  upload: '/api/supply/upload',
  mine: '/api/supply/mine',
  release: '/api/supply/release',
  update: '/api/supply/update',
  undo: '/api/supply/undo',
  top: '/api/supply/top',
  untop: '/api/supply/untop',
  adminList: '/api/admin/supply/list',
  adminAudit: '/api/admin/supply/audit',
  adminOffShelf: '/api/admin/supply/offShelf',
} as const;

export const supplyImagePath = (noteId: string, thumb = false) => (thumb ? SupplyPath.thumb : SupplyPath.image).replace(':noteId', noteId);

/** `supply` 供 (the firm offers goods) or `demand` 求 (the firm seeks goods). */
export const SupplyKind = ['supply', 'demand'] as const;
export type SupplyKind = (typeof SupplyKind)[number];
/** Note status: W pending (staff audit), U revoked by the owner, T approved (public), F rejected, D forced off-shelf. */
export const SupplyStatus = ['W', 'U', 'T', 'F', 'D'] as const;
export type SupplyStatus = (typeof SupplyStatus)[number];

/** Prices are CNY with at most 2 decimals, weights at most 3. */
export const SUPPLY_PRICE_PATTERN = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;
export const SUPPLY_WEIGHT_PATTERN = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,3})?$/;
/** A mainland mobile number or a landline with its area code (and an optional extension). */
export const SUPPLY_PHONE_PATTERN = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(?:-\d{1,6})?)$/;
const positive = (v: string) => /[1-9]/.test(v);
const short = (max: number) => z.string().trim().min(1).max(max);
const optional = (max: number) => z.string().trim().max(max).default('');

export const SupplyNoteRequest = z.strictObject({
  kind: z.enum(SupplyKind),
  title: short(60),
  description: optional(1000),
  /** A catalogue commodity type, when the goods are one; the name is what the note shows. */
  commodityTypeId: RowId.optional(),
  commodityName: short(40),
  brand: optional(40),
  specifications: optional(60),
  packages: optional(40),
  /** Empty: price negotiable (面议). */
  price: z.union([z.literal(''), z.string().regex(SUPPLY_PRICE_PATTERN).refine(positive)]).default(''),
  /** What the price is per (元/吨, 元/件). */
  unit: optional(20),
  weight: z.string().regex(SUPPLY_WEIGHT_PATTERN).refine(positive),
  weightUnit: short(10),
  address: short(120),
  companyName: short(60),
  contactsName: short(20),
  contactsPhone: z.string().trim().regex(SUPPLY_PHONE_PATTERN),
  /** An image the firm uploaded through the supply upload; empty for none. */
  img: z.union([z.literal(''), z.uuid()]).default(''),
});
export type SupplyNoteRequest = z.input<typeof SupplyNoteRequest>;

export const SupplyUpdateRequest = SupplyNoteRequest.extend({ noteId: RowId });
export type SupplyUpdateRequest = z.input<typeof SupplyUpdateRequest>;

export const SupplyNote = z.object({
  noteId: z.string(),
  kind: z.enum(SupplyKind),
  title: z.string(),
  description: z.string(),
  commodityTypeId: z.string().nullable(),
  commodityName: z.string(),
  brand: z.string(),
  specifications: z.string(),
  packages: z.string(),
  /** null: negotiable. */
  price: z.string().nullable(),
  unit: z.string(),
  weight: z.string(),
  weightUnit: z.string(),
  address: z.string(),
  companyName: z.string(),
  /** null when the viewer is not logged in. */
  contactsName: z.string().nullable(),
  contactsPhone: z.string().nullable(),
  /** The upload id, to its own firm and staff only (so it can be edited); null otherwise. */
  img: z.string().nullable(),
  imageUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  status: z.enum(SupplyStatus),
  /** Why staff rejected it or took it off the shelf. */
  reason: z.string(),
  /** When its owner pinned it; pinned notes come first, the latest pin first. */
  topAt: z.string().nullable(),
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupplyNote = z.infer<typeof SupplyNote>;
export const SupplyNotePage = pageOf(SupplyNote);
export type SupplyNotePage = z.infer<typeof SupplyNotePage>;

export const AdminSupplyNote = SupplyNote.extend({ firmId: z.string(), auditedBy: z.string(), auditedAt: z.string().nullable() });
export type AdminSupplyNote = z.infer<typeof AdminSupplyNote>;
export const AdminSupplyNotePage = pageOf(AdminSupplyNote);
export type AdminSupplyNotePage = z.infer<typeof AdminSupplyNotePage>;

const filters = {
  kind: z.enum(SupplyKind).optional(),
  commodityTypeId: RowId.optional(),
  /** Matches title, commodity, brand, specifications, company and address. */
  keyword: z.string().trim().max(40).optional(),
};
export const SupplyListRequest = z.strictObject({ ...filters, ...pageFields() });
export type SupplyListRequest = z.input<typeof SupplyListRequest>;
export const SupplyMineRequest = z.strictObject({ ...filters, status: z.enum(SupplyStatus).optional(), ...pageFields() });
export type SupplyMineRequest = z.input<typeof SupplyMineRequest>;
export const AdminSupplyListRequest = z.strictObject({ ...filters, status: z.enum(SupplyStatus).optional(), firmId: RowId.optional(), ...pageFields() });
export type AdminSupplyListRequest = z.input<typeof AdminSupplyListRequest>;

export const SupplyIdRequest = z.strictObject({ noteId: RowId });
export type SupplyIdRequest = z.infer<typeof SupplyIdRequest>;

/** Approve (`pass`) or reject; a rejection needs the reason the firm will read. */
export const SupplyAuditRequest = z
  .strictObject({ noteId: RowId, pass: z.boolean(), reason: z.string().trim().max(200).default('') })
  .refine((d) => d.pass || d.reason.length >= 2, { path: ['reason'], message: 'a rejection needs a reason' });
export type SupplyAuditRequest = z.input<typeof SupplyAuditRequest>;

export const SupplyOffShelfRequest = z.strictObject({ noteId: RowId, reason: z.string().trim().min(2).max(200) });
export type SupplyOffShelfRequest = z.input<typeof SupplyOffShelfRequest>;

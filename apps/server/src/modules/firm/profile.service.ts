import { MAX_ADDRESSES, UploadPath, type AccountRelation, type AddressRow, type AddressSaveRequest, type CompanyOverview, type Language, type SealInfo } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { type Db, withTransaction } from '../../platform/db/index';
import { BadRequestError, NotFoundError, type AuthContext } from '../../platform/http/index';
import type { UploadService } from '../../platform/uploads/index';
import type { FirmAccounts } from '../identity/index';
import { storeFieldImage, type CertificationService } from './certification.service';
import { MESSAGES } from './enterprise.errors';
import * as repo from './enterprise.repo';
import { insertFirmHistory } from './firm.repo';
import type { FirmService } from './firm.service';
import type { StaffService } from './staff.service';

export interface ProfileServiceDeps {
  db: Db;
  clock: Clock;
  firm: Pick<FirmService, 'requireRight' | 'hasRight' | 'getFirm'>;
  certification: Pick<CertificationService, 'statusOf'>;
  staff: Pick<StaffService, 'counts'>;
  accounts: Pick<FirmAccounts, 'mainOf'>;
  uploads: Pick<UploadService, 'storeImage' | 'open'>;
}

const mask = (tel: string) => (tel.length === 11 ? `${tel.slice(0, 3)}****${tel.slice(-4)}` : tel);
const owner = (auth: AuthContext) => ({ firmId: Number(auth.firmId), userId: Number(auth.userId) });

function toAddress(row: repo.AddressRowDb): AddressRow {
  return {
    id: String(row.id),
    recipients: row.recipients,
    recipientsCellphone: row.recipientsCellphone,
    region: row.region,
    addressName: row.addressName,
    postCode: row.postCode,
    defaultFlag: row.defaultFlag ? '1' : '0',
  };
}

function sealInfo(row: repo.SealRow | undefined): SealInfo {
  if (!row) return null;
  return {
    uploadId: row.uploadId,
    url: UploadPath.file.replace(':id', row.uploadId),
    thumbUrl: UploadPath.thumb.replace(':id', row.uploadId),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The firm as its users see it (overview, parent/child check), a user's delivery addresses, and the firm's seal. */
export function createProfileService(deps: ProfileServiceDeps) {
  const { db, clock, firm } = deps;

  async function firmRecord(auth: AuthContext) {
    const record = await firm.getFirm(auth.firmId);
    if (!record) throw new NotFoundError();
    return record;
  }

  return {
    /** The spec's parent check and child certification status. */
    async relation(auth: AuthContext): Promise<AccountRelation> {
      const record = await firmRecord(auth);
      const main = await deps.accounts.mainOf(db, Number(record.firmId));
      return {
        isMainAccount: auth.isMainAccount,
        userType: record.userType,
        mainAccount: mask(main?.tel || main?.email || ''),
        mainUserName: main?.userName ?? '',
        certificationStatus: await deps.certification.statusOf(record.firmId),
      };
    },

    async overview(auth: AuthContext): Promise<CompanyOverview> {
      await firm.requireRight(auth, 'enterprise.view');
      const record = await firmRecord(auth);
      const firmId = Number(record.firmId);
      const [main, certification, counts, seal] = await Promise.all([
        deps.accounts.mainOf(db, firmId),
        repo.latestCertification(db, { firmId }),
        deps.staff.counts(firmId),
        repo.findSeal(db, { firmId }),
      ]);
      return {
        firmId: record.firmId,
        firmCode: record.firmCode,
        firmName: record.name,
        userType: record.userType,
        status: record.status,
        certificationStatus: certification?.status ?? '0',
        enterpriseName: certification?.status === '2' ? certification.enterpriseName : '',
        mainAccount: mask(main?.tel || main?.email || ''),
        staffCount: counts.staffCount,
        roleCount: counts.roleCount,
        hasSeal: seal !== undefined,
        createdAt: record.createdAt.toISOString(),
      };
    },

    // ---- delivery addresses: each user's own book ----

    async listAddresses(auth: AuthContext): Promise<AddressRow[]> {
      return (await repo.listAddresses(db, owner(auth))).map(toAddress);
    },

    /** One of the caller's own addresses, or null: another user's id is not theirs to ship to. */
    async addressOf(auth: AuthContext, id: number): Promise<AddressRow | null> {
      const row = await repo.findAddress(db, { ...owner(auth), id });
      return row ? toAddress(row) : null;
    },

    /** Adds (no id) or updates the caller's address; making it default unsets the previous default. */
    async saveAddress(auth: AuthContext, request: AddressSaveRequest): Promise<AddressRow> {
      const who = owner(auth);
      const now = clock.now();
      const fields = {
        recipients: request.recipients,
        recipientsCellphone: request.recipientsCellphone,
        region: request.region,
        addressName: request.addressName,
        postCode: request.postCode,
      };
      const id = await withTransaction(db, async (tx) => {
        await repo.lockAddressBook(tx, { userId: who.userId });
        const existing = await repo.listAddresses(tx, who);
        if (request.id) {
          const current = existing.find((a) => a.id === Number(request.id));
          if (!current) throw new NotFoundError(MESSAGES.addressNotFound);
          // Unticking "default" does not leave the book without one: choosing another default does.
          const makeDefault = request.defaultFlag === '1' && !current.defaultFlag;
          if (makeDefault) await repo.clearDefaultAddress(tx, { userId: who.userId });
          await repo.updateAddress(tx, { ...who, id: current.id, patch: { ...fields, defaultFlag: current.defaultFlag || makeDefault, updatedAt: now } });
          return current.id;
        }
        if (existing.length >= MAX_ADDRESSES) throw new BadRequestError(MESSAGES.tooManyAddresses, { max: MAX_ADDRESSES });
        const makeDefault = request.defaultFlag === '1' || existing.length === 0;
        if (makeDefault) await repo.clearDefaultAddress(tx, { userId: who.userId });
        return (await repo.insertAddress(tx, { ...who, ...fields, defaultFlag: makeDefault, createdAt: now, updatedAt: now })).id;
      });
      const row = await repo.findAddress(db, { ...who, id });
      if (!row) throw new NotFoundError(MESSAGES.addressNotFound);
      return toAddress(row);
    },

    async deleteAddress(auth: AuthContext, request: { id: string }): Promise<null> {
      const who = owner(auth);
      await withTransaction(db, async (tx) => {
        await repo.lockAddressBook(tx, { userId: who.userId });
        const row = await repo.findAddress(tx, { ...who, id: Number(request.id) });
        if (!row) throw new NotFoundError(MESSAGES.addressNotFound);
        await repo.deleteAddress(tx, { ...who, id: row.id });
        // The book keeps a default while it has addresses: the oldest one takes over.
        if (row.defaultFlag) {
          const [next] = await repo.listAddresses(tx, who);
          if (next) await repo.updateAddress(tx, { ...who, id: next.id, patch: { defaultFlag: true } });
        }
      });
      return null;
    },

    async setDefaultAddress(auth: AuthContext, request: { id: string }): Promise<AddressRow> {
      const who = owner(auth);
      await withTransaction(db, async (tx) => {
        await repo.lockAddressBook(tx, { userId: who.userId });
        const row = await repo.findAddress(tx, { ...who, id: Number(request.id) });
        if (!row) throw new NotFoundError(MESSAGES.addressNotFound);
        await repo.clearDefaultAddress(tx, { userId: who.userId });
        await repo.updateAddress(tx, { ...who, id: row.id, patch: { defaultFlag: true, updatedAt: clock.now() } });
      });
      const row = await repo.findAddress(db, { ...who, id: Number(request.id) });
      if (!row) throw new NotFoundError(MESSAGES.addressNotFound);
      return toAddress(row);
    },

    // ---- signature seal ----

    async seal(auth: AuthContext): Promise<SealInfo> {
      if (!(await firm.hasRight(auth, 'enterprise.seal'))) await firm.requireRight(auth, 'enterprise.view');
      return sealInfo(await repo.findSeal(db, { firmId: Number(auth.firmId) }));
    },

    /** Replaces the firm's seal with an uploaded image (sniffed and re-encoded; PNG keeps its transparency). */
    async uploadSeal(auth: AuthContext, buffer: Buffer | null, lang: Language): Promise<SealInfo> {
      await firm.requireRight(auth, 'enterprise.seal');
      const stored = await storeFieldImage(deps.uploads, auth, 'seal', buffer, lang);
      const firmId = Number(auth.firmId);
      const now = clock.now();
      await withTransaction(db, async (tx) => {
        await repo.upsertSeal(tx, { firmId, uploadId: stored.id, updatedBy: Number(auth.userId), updatedAt: now });
        await insertFirmHistory(tx, { firmId, actor: `user:${auth.userId}`, action: 'seal.updated', detail: { uploadId: stored.id }, createdAt: now });
      });
      return sealInfo(await repo.findSeal(db, { firmId }));
    },

    /**
     * The firm's seal image for other modules (contracts stamp it), or null when none was
     * uploaded. Read through the upload service as the firm itself, so the owner check still applies.
     */
    async sealImageOf(firmId: string): Promise<{ data: Buffer; mime: string } | null> {
      const row = /^[1-9]\d{0,14}$/.test(firmId) ? await repo.findSeal(db, { firmId: Number(firmId) }) : undefined;
      if (!row) return null;
      const asFirm: AuthContext = { kind: 'user', sessionId: '', userId: '', firmId, marketId: '', isMainAccount: false, language: 'cn' };
      const file = await deps.uploads.open(asFirm, row.uploadId, 'file');
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      return { data: Buffer.concat(chunks), mime: file.mime };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

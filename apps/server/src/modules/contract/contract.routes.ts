import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminContractListRequest,
  CONTRACT_PDF_MAX_BYTES,
  ContractDetail,
  ContractHashRequest,
  ContractIdRequest,
  ContractListRequest,
  ContractPage,
  ContractPath,
  ContractVerification,
} from '@tp/contract';
import { BadRequestError, caller, ok, replyOf } from '../../platform/http/index';
import { MalformedUploadError, readUploadedFile, UploadRefusedError } from '../../platform/uploads/index';
import { MESSAGES } from './contract.errors';
import type { ContractService } from './contract.service';

const PdfParams = z.object({ contractId: z.string().regex(/^\d{1,18}$/) });
const PdfQuery = z.object({ download: z.enum(['0', '1']).optional() });
/** Public verification reads whole files: bounded per address. */
const VERIFY_LIMIT = { max: 30, timeWindow: '1 minute' };

/**
 * The one PDF of a multipart request, read by the shared upload reader; a file too large or a
 * broken body is refused like any other file that is not a contract PDF.
 */
async function readPdf(request: FastifyRequest): Promise<Buffer> {
  let buffer: Buffer;
  try {
    buffer = await readUploadedFile(request, { maxBytes: CONTRACT_PDF_MAX_BYTES, kind: 'document', noFile: MESSAGES.noFile });
  } catch (err) {
    if (err instanceof UploadRefusedError || err instanceof MalformedUploadError) throw new BadRequestError(MESSAGES.notPdf);
    throw err;
  }
  if (buffer.subarray(0, 5).toString('latin1') !== '%PDF-') throw new BadRequestError(MESSAGES.notPdf);
  return buffer;
}

function sendPdf(reply: FastifyReply, file: { contractNo: string; pdf: Buffer }, download: boolean) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${file.contractNo}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}

/**
 * Contracts are read and signed by their two parties only; verification is open to anyone holding a
 * copy (and tells a visitor only whether that copy is genuine); staff see the registry.
 */
export function registerContractRoutes(app: FastifyInstance, contracts: ContractService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' } as const;
  const staff = { auth: { staff: 'contract.view' } } as const;

  r.post(ContractPath.list, { schema: { body: ContractListRequest, response: replyOf(ContractPage) }, config: user }, async (request) =>
    ok(await contracts.list(caller(request), request.body)),
  );
  r.post(ContractPath.detail, { schema: { body: ContractIdRequest, response: replyOf(ContractDetail) }, config: user }, async (request) =>
    ok(await contracts.detail(caller(request), Number(request.body.contractId))),
  );
  r.get(ContractPath.pdf, { schema: { params: PdfParams, querystring: PdfQuery }, config: user }, async (request, reply) =>
    sendPdf(reply, await contracts.pdf(caller(request), Number(request.params.contractId)), request.query.download === '1'),
  );
  r.post(ContractPath.sign, { schema: { body: ContractIdRequest, response: replyOf(ContractDetail) }, config: user }, async (request) =>
    ok(await contracts.sign(caller(request), Number(request.body.contractId))),
  );
  r.post(ContractPath.verify, { schema: { body: ContractIdRequest, response: replyOf(ContractVerification) }, config: user }, async (request) =>
    ok(await contracts.verify(caller(request), Number(request.body.contractId), request.lang)),
  );
  r.post(
    ContractPath.verifyUpload,
    { schema: { consumes: ['multipart/form-data'], response: replyOf(ContractVerification) }, config: { auth: 'optional', rateLimit: VERIFY_LIMIT } },
    async (request) => ok(await contracts.verifyUpload(request.auth, await readPdf(request), request.lang)),
  );
  r.post(
    ContractPath.verifyHash,
    { schema: { body: ContractHashRequest, response: replyOf(ContractVerification) }, config: { auth: 'optional', rateLimit: VERIFY_LIMIT } },
    async (request) => ok(await contracts.verifyHash(request.auth, request.body.contractNo, request.body.sha256, request.lang)),
  );

  r.post(ContractPath.adminList, { schema: { body: AdminContractListRequest, response: replyOf(ContractPage) }, config: staff }, async (request) =>
    ok(await contracts.adminList(request.body)),
  );
  r.post(ContractPath.adminDetail, { schema: { body: ContractIdRequest, response: replyOf(ContractDetail) }, config: staff }, async (request) =>
    ok(await contracts.adminDetail(Number(request.body.contractId))),
  );
  r.get(ContractPath.adminPdf, { schema: { params: PdfParams, querystring: PdfQuery }, config: staff }, async (request, reply) =>
    sendPdf(reply, await contracts.adminPdf(Number(request.params.contractId)), request.query.download === '1'),
  );
  r.post(ContractPath.adminVerify, { schema: { body: ContractIdRequest, response: replyOf(ContractVerification) }, config: staff }, async (request) =>
    ok(await contracts.adminVerify(Number(request.body.contractId), request.lang)),
  );
}

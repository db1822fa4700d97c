/** What server instances need to work together: signed calls between them. */
export { INTERNAL_SIGNATURE_HEADER, createInternalSigner, type InternalSigner } from './internal-auth';

/** What server instances need to work together: signed calls between them, leases of engines, forwarding to an engine's owner. */
export { INTERNAL_SIGNATURE_HEADER, createInternalSigner, type InternalSigner } from './internal-auth';
export { DEFAULT_LEASE_TIMING, localLeases, newOwnerName, onDemandLeases, type Holder, type LeaseTiming, type OnDemandLeases } from './leases';
export {
  ForwardedReply,
  ForwardedReplies,
  LeaseLostError,
  MAX_BATCH,
  NotOwnerError,
  OwnerUnreachableError,
  batchOf,
  createForwarder,
  createOwnerRouter,
  replyOfError,
  type ForwarderDeps,
  type Forwarder,
  type Location,
} from './forwarding';
export { registerInternalRoute, type InternalRoute } from './internal-routes';
export { clusterLeases } from './cluster.tables';

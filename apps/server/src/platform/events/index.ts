export { appendEvent, createOutboxPublisher, pruneOutbox } from './outbox';
export type { AppendEventInput, OutboxPublisher, OutboxPublisherDeps } from './outbox';
export { createInProcessBus, createRedisBus } from './bus';
export type { EventBus, EventMessage, BusMessage, BusHandler, RedisBusOptions } from './bus';

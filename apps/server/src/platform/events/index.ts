export { appendEvent, createOutboxPublisher, pruneOutbox } from './outbox';
export type { AppendEventInput, OutboxPublisher, OutboxPublisherDeps } from './outbox';
export { createEventConsumers, EventRefused } from './consumers';
export type { DurableConsumer, DurableEvent, EventConsumers, EventConsumersDeps } from './consumers';
export { createInProcessBus, createRedisBus } from './bus';
export type { EventBus, EventMessage, BusMessage, BusHandler, RedisBusOptions } from './bus';

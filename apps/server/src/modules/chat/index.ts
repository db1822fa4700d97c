/** Customer-service chat: visitors' conversations per department, live over the hub; the staff console; tickets left while nobody is on line. */
export { createChatService, ChatEvents, PRESENCE_TTL_MS } from './chat.service';
export type { ChatService, ChatServiceDeps } from './chat.service';
export { registerChatRoutes } from './chat.routes';

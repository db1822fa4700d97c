import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AdminChatPath,
  ChatCannedReplies,
  ChatCannedReply,
  ChatConversationPage,
  ChatConversations,
  ChatMessage,
  ChatMessages,
  ChatPresence,
  ChatTicket,
  ChatTicketPage,
  CHAT_DEPARTMENTS,
  type ChatDepartment,
  type ChatHistoryRequest,
  type ChatSaveCannedRequest,
  type ChatTicketListRequest,
} from '@tp/contract';
import { adminKeys } from '../../api/admin';
import { api, queryClient } from '../../api/client';

export const chatKeys = {
  all: () => [...adminKeys.staff(), 'chat'] as const,
  presence: () => [...chatKeys.all(), 'presence'] as const,
  queue: (department: ChatDepartment) => [...chatKeys.all(), 'queue', department] as const,
  messages: (conversationId: string) => [...chatKeys.all(), 'messages', conversationId] as const,
  history: (q: ChatHistoryRequest) => [...chatKeys.all(), 'history', q] as const,
  canned: () => [...chatKeys.all(), 'canned'] as const,
  tickets: (q: ChatTicketListRequest) => [...chatKeys.all(), 'tickets', q] as const,
};

/** How often the console tells the server it is on line (the server forgets it after a minute). */
const PRESENCE_MS = 20_000;

/** While the console is open its staff member counts as on line for every department, and gets the departments' live channels. */
export const usePresence = () =>
  useQuery({ queryKey: chatKeys.presence(), queryFn: ({ signal }) => api.post(AdminChatPath.presence, { departments: [...CHAT_DEPARTMENTS] }, ChatPresence, { signal }), refetchInterval: PRESENCE_MS, refetchIntervalInBackground: true });
export const useQueue = (department: ChatDepartment) => useQuery({ queryKey: chatKeys.queue(department), queryFn: ({ signal }) => api.post(AdminChatPath.queue, { department }, ChatConversations, { signal }) });
export const useMessages = (conversationId: string | undefined) =>
  useQuery({ queryKey: chatKeys.messages(conversationId ?? ''), queryFn: ({ signal }) => api.post(AdminChatPath.messages, { conversationId }, ChatMessages, { signal }), enabled: conversationId !== undefined });
export const useHistory = (q: ChatHistoryRequest) => useQuery({ queryKey: chatKeys.history(q), queryFn: ({ signal }) => api.post(AdminChatPath.history, q, ChatConversationPage, { signal }), placeholderData: keepPreviousData });
export const useCanned = () => useQuery({ queryKey: chatKeys.canned(), queryFn: ({ signal }) => api.post(AdminChatPath.canned, {}, ChatCannedReplies, { signal }) });
export const useTickets = (q: ChatTicketListRequest) => useQuery({ queryKey: chatKeys.tickets(q), queryFn: ({ signal }) => api.post(AdminChatPath.tickets, q, ChatTicketPage, { signal }), placeholderData: keepPreviousData });

/** A push or an action changed a conversation: its queue entry and messages reload. */
export const refreshConversations = () => queryClient.invalidateQueries({ queryKey: chatKeys.all(), predicate: (q) => q.queryKey.includes('queue') || q.queryKey.includes('messages') || q.queryKey.includes('history') });
const refreshAll = () => queryClient.invalidateQueries({ queryKey: chatKeys.all() });

export const useReply = () => useMutation({ mutationFn: (body: { conversationId: string; text: string }) => api.post(AdminChatPath.reply, body, ChatMessage), onSuccess: refreshConversations });
export const useTransfer = () => useMutation({ mutationFn: (body: { conversationId: string; department: ChatDepartment }) => api.post(AdminChatPath.transfer, body, ChatMessage), onSuccess: refreshConversations });
export const useCloseConversation = () => useMutation({ mutationFn: (conversationId: string) => api.post(AdminChatPath.close, { conversationId }, ChatMessage), onSuccess: refreshConversations });
export const useSaveCanned = () => useMutation({ mutationFn: (body: ChatSaveCannedRequest) => api.post(AdminChatPath.saveCanned, body, ChatCannedReply), onSuccess: refreshAll });
export const useDeleteCanned = () => useMutation({ mutationFn: (cannedId: string) => api.post(AdminChatPath.deleteCanned, { cannedId }), onSuccess: refreshAll });
export const useAnswerTicket = () => useMutation({ mutationFn: (body: { ticketId: string; answer: string }) => api.post(AdminChatPath.answerTicket, body, ChatTicket), onSuccess: refreshAll });

/** An image of a message, read with the staff session. */
export const useImage = (url: string | null) =>
  useQuery({ queryKey: [...chatKeys.all(), 'image', url ?? ''], queryFn: async ({ signal }) => URL.createObjectURL(await api.blob(`${url}?variant=thumb`, { signal })), enabled: url !== null, staleTime: Infinity });

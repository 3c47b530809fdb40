import { z } from 'zod';
import {
  chatMessage,
  chatSummary,
  markChatReadRequest,
  markChatReadResponse,
  messageListQuery,
  replyMessageRequest,
  sendMessageRequest,
} from '../chat.ts';
import { idParams, paginated } from '../common.ts';
import { defineEndpoints } from '../endpoint.ts';

export const messagesEndpoints = defineEndpoints('messages', {
  messageChats: {
    method: 'GET',
    path: 'club/messages/chats/',
    auth: 'member',
    summary: "The signed-in member's conversations, latest first, with unread counts.",
    responses: { 200: z.array(chatSummary) },
  },
  messageList: {
    method: 'GET',
    path: 'club/messages/',
    auth: 'member',
    summary: 'The messages of one conversation (`chat_with`), newest first by default.',
    query: messageListQuery,
    responses: { 200: paginated(chatMessage) },
  },
  messageSend: {
    method: 'POST',
    path: 'club/messages/',
    auth: 'member',
    summary: 'Send a message to another member (rate-limited per member with replies).',
    body: sendMessageRequest,
    responses: { 201: chatMessage },
  },
  messageReply: {
    method: 'POST',
    path: 'club/messages/:id/reply/',
    auth: 'member',
    summary: 'Reply to a message: to its other participant (rate-limited with sending).',
    params: idParams,
    body: replyMessageRequest,
    responses: { 201: chatMessage },
  },
  messagesMarkChatRead: {
    method: 'POST',
    path: 'club/messages/mark_chat_as_read/',
    auth: 'member',
    summary: 'Mark every message another member sent the signed-in member as read.',
    body: markChatReadRequest,
    responses: { 200: markChatReadResponse },
  },
});

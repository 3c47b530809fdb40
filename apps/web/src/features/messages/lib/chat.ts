import { isBlankMessage, type ChatMessage, type ChatSummary } from '@wyn/contract';

/** Conversations whose name or last message contains the search, case-insensitively. */
export function filterChats(chats: readonly ChatSummary[], search: string): ChatSummary[] {
  const q = search.trim().toLocaleLowerCase();
  if (!q) return [...chats];
  return chats.filter((c) => c.name.toLocaleLowerCase().includes(q) || c.lastMessage.toLocaleLowerCase().includes(q));
}

/**
 * Sending is disabled and ignored when the trimmed text is empty or no chat is selected (spec 02 §5).
 * Blank is the server's test: invisible characters alone (zero-width space) are empty too.
 */
export function canSend(text: string, chatWith: string | null, maxLength: number): boolean {
  const trimmed = text.trim();
  return Boolean(chatWith) && !isBlankMessage(trimmed) && trimmed.length <= maxLength;
}

/** Oldest first for display, from the API's newest-first page. */
export function inDisplayOrder(newestFirst: readonly ChatMessage[]): ChatMessage[] {
  return [...newestFirst].reverse();
}

/** "14:05" today, else "Mar 3, 14:05". */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const time = d.toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit', hour12: false });
  if (d.toDateString() === now.toDateString()) return time;
  return `${d.toLocaleDateString('en', { month: 'short', day: 'numeric' })}, ${time}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isMemberId = (v: string | null): v is string => Boolean(v && UUID.test(v));

import { isBlankMessage, type ChatMessage, type ChatSummary } from '@wyn/contract';

/** Conversations whose name or last message contains the search, case-insensitively. */
export function filterChats(chats: readonly ChatSummary[], search: string): ChatSummary[] {
  const q = search.trim().toLocaleLowerCase();
  if (!q) return [...chats];
  return chats.filter((c) => c.name.toLocaleLowerCase().includes(q) || c.lastMessage.toLocaleLowerCase().includes(q));
}

/**
 * Sending is disabled and ignored when the trimmed text is empty or no chat is selected (docs/spec/02-explore-details-wallet-social.md §5).
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

type ThreadPage = { results: readonly ChatMessage[] };

/**
 * The loaded pages of a chat (page 1 the newest, each newest first) as one newest-first list. Pages are
 * numbered from the newest, so a message that arrives after page 1 was fetched pushes the others along and
 * the next page starts with messages already shown: those appear once, where they were first seen.
 */
export function flattenThread(pages: readonly ThreadPage[]): ChatMessage[] {
  const seen = new Set<string>();
  const out: ChatMessage[] = [];
  for (const page of pages)
    for (const m of page.results) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  return out;
}

/** The pages with a just-sent message at the top of page 1, unless a refetch has already brought it. */
export function withSentMessage<P extends ThreadPage & { count: number }>(
  pages: readonly P[],
  message: ChatMessage,
): P[] {
  const [first, ...rest] = pages;
  if (!first || pages.some((p) => p.results.some((m) => m.id === message.id))) return [...pages];
  return [{ ...first, results: [message, ...first.results], count: first.count + 1 }, ...rest];
}

/** The pages with the other member's unread messages marked read (`at`), as marking the chat read does. */
export function withChatRead<P extends ThreadPage>(pages: readonly P[], otherId: string, at: string): P[] {
  return pages.map((p) =>
    p.results.some((m) => m.sender.id === otherId && !m.read_at)
      ? { ...p, results: p.results.map((m) => (m.sender.id === otherId && !m.read_at ? { ...m, read_at: at } : m)) }
      : p,
  );
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

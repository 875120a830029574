// The chat drawer's state: the recent conversations with their unread counts, the open chat and its messages.
// The socket frames (sendMessage, receiveMessage, messageList) and the drawer's actions change it here, so
// every part of the drawer sees one consistent picture; the header badge is kept equal to the unread total.
import type { ApiResult } from '@jnpf/core';
import { create } from 'zustand';
import { setChatBlink, setChatUnread } from '../../platform/messageCounts';
import { sendFrame, type Frame } from '../../platform/realtime';
import { onSessionReset, useSession } from '../../platform/session';
import { deleteChatRecords, fetchConversations, removeConversation } from './api';
import {
  messageFromEcho,
  messageFromReceive,
  pageFromFrame,
  sameMessage,
  storedContent,
  type ChatMessage,
  type Conversation,
} from './types';

/** Messages per page of the open chat. */
export const CHAT_PAGE_SIZE = 30;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The person of the open chat. */
export interface Peer {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  department: string;
}

interface ChatState {
  conversations: Conversation[];
  conversationsStatus: LoadStatus;
  /** whether the drawer is shown: only then is a message of the open chat read on arrival */
  drawerOpen: boolean;
  peer: Peer | null;
  /** the open chat's messages, oldest first */
  messages: ChatMessage[];
  /** pages of the open chat loaded so far (newest first) */
  loadedPages: number;
  /** messages in the open chat's history as last known */
  total: number;
  messagesStatus: LoadStatus;
}

const initialState: ChatState = {
  conversations: [],
  conversationsStatus: 'idle',
  drawerOpen: false,
  peer: null,
  messages: [],
  loadedPages: 0,
  total: 0,
  messagesStatus: 'idle',
};

export const useChatStore = create<ChatState>(() => initialState);

const get = () => useChatStore.getState();
const set = useChatStore.setState;

const myId = () => useSession.getState().userInfo?.userId ?? '';

/** Whether older pages of the open chat remain. */
export function hasOlderMessages(state: Pick<ChatState, 'loadedPages' | 'total'>): boolean {
  return state.loadedPages * CHAT_PAGE_SIZE < state.total;
}

/** The header badge shows the unread total of the conversations once they are known. */
function syncBadge(): void {
  const { conversations, conversationsStatus } = get();
  if (conversationsStatus !== 'ready') return;
  const unread = conversations.reduce((sum, c) => sum + c.unreadMessage, 0);
  // nothing waiting: nothing to blink for; an open drawer shows what waits, so it does not blink either
  setChatUnread(unread, unread === 0 || get().drawerOpen ? false : undefined);
}

function updateConversations(change: (list: Conversation[]) => Conversation[]): void {
  set((state) => ({ conversations: change(state.conversations) }));
  syncBadge();
}

export async function loadConversations(): Promise<void> {
  set({ conversationsStatus: get().conversations.length ? get().conversationsStatus : 'loading' });
  try {
    const list = await fetchConversations();
    // the open chat was read after the list may have been computed
    const open = get().drawerOpen ? get().peer?.id : undefined;
    set({
      conversations: list.map((c) => (c.id === open ? { ...c, unreadMessage: 0 } : c)),
      conversationsStatus: 'ready',
    });
    syncBadge();
  } catch {
    // a failed conversation list only stops the loading indicator (the request layer told why)
    set({ conversationsStatus: get().conversations.length ? 'ready' : 'error' });
  }
}

/** While the drawer is shown, messages of the open chat are read as they arrive and the icon does not blink. */
export function setDrawerOpen(open: boolean): void {
  set({ drawerOpen: open });
  if (open) setChatBlink(false);
}

/** Tells the server that what peer sent me is read, and lowers the counts. */
function markRead(peerId: string): void {
  sendFrame({ method: 'UpdateReadMessage', formUserId: peerId });
  updateConversations((list) => list.map((c) => (c.id === peerId && c.unreadMessage ? { ...c, unreadMessage: 0 } : c)));
  setChatBlink(false);
}

function requestPage(page: number): void {
  const peer = get().peer;
  if (!peer) return;
  const sent = sendFrame({
    method: 'MessageList',
    toUserId: peer.id,
    formUserId: myId(),
    currentPage: page,
    pageSize: CHAT_PAGE_SIZE,
    sord: 'desc',
    keyword: '',
  });
  set({ messagesStatus: sent ? 'loading' : 'error' });
}

export function openChat(peer: Peer): void {
  set({ peer, messages: [], loadedPages: 0, total: 0, messagesStatus: 'idle' });
  requestPage(1);
  markRead(peer.id);
}

export function closeChat(): void {
  set({ peer: null, messages: [], loadedPages: 0, total: 0, messagesStatus: 'idle' });
}

/** Loads the next older page of the open chat. */
export function loadOlderMessages(): void {
  const state = get();
  if (!state.peer || state.messagesStatus === 'loading' || !hasOlderMessages(state)) return;
  requestPage(state.loadedPages + 1);
}

/** After the socket (re)opened: the newest page again (nothing said meanwhile is missed) and the read mark. */
export function resumeOpenChat(): void {
  const peer = get().peer;
  if (!peer) return;
  requestPage(1);
  markRead(peer.id);
}

/** Union of two message lists, oldest first; a message in both appears once. */
function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const merged = [...current];
  for (const message of incoming) {
    const index = merged.findIndex((m) => sameMessage(m, message));
    // a stored copy replaces what was heard live (it has the id)
    if (index >= 0) merged[index] = message.id ? message : merged[index]!;
    else merged.push(message);
  }
  return merged.sort((a, b) => a.sendTime - b.sendTime);
}

export function handleMessageList(frame: Frame): void {
  const page = pageFromFrame(frame);
  const state = get();
  // the history panel asks with its own page size; answers for another chat are stale
  if (!page || page.keyword || page.pageSize !== CHAT_PAGE_SIZE || page.toUserId !== state.peer?.id) return;
  set({
    messages: mergeMessages(state.messages, page.list),
    loadedPages: Math.max(state.loadedPages, page.currentPage),
    total: page.total,
    messagesStatus: 'ready',
  });
}

function appendToOpenChat(peerId: string, message: ChatMessage): void {
  const state = get();
  if (state.peer?.id !== peerId) return;
  if (state.messages.some((m) => sameMessage(m, message))) return;
  set({ messages: [...state.messages, message], total: state.total + 1 });
}

/** Puts a conversation first with its newest message (adding it when it is not listed). */
function touchConversation(
  peerId: string,
  message: ChatMessage,
  person: Omit<Conversation, 'unreadMessage' | 'latestMessage' | 'messageType' | 'latestDate'>,
  unread: (current: number) => number,
): void {
  updateConversations((list) => {
    const existing = list.find((c) => c.id === peerId);
    const updated: Conversation = {
      ...(existing ?? { ...person, unreadMessage: 0 }),
      unreadMessage: unread(existing?.unreadMessage ?? 0),
      latestMessage: storedContent(message),
      messageType: message.contentType,
      latestDate: message.sendTime,
    };
    return [updated, ...list.filter((c) => c.id !== peerId)];
  });
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** sendMessage: what I sent (from this or another of my windows). */
export function handleSentEcho(frame: Frame): void {
  const message = messageFromEcho(frame);
  const peerId = str(frame.toUserId);
  if (!message || !peerId) return;
  touchConversation(
    peerId,
    message,
    {
      id: peerId,
      realName: str(frame.toRealName),
      account: str(frame.toAccount),
      headIcon: str(frame.toHeadIcon),
      department: '',
    },
    (unread) => unread,
  );
  appendToOpenChat(peerId, message);
}

/** receiveMessage: read at once when its chat is open, otherwise counted unread. */
export function handleReceived(frame: Frame): void {
  const message = messageFromReceive(frame);
  if (!message) return;
  const peerId = message.sendUserId;
  const state = get();
  const viewing = state.drawerOpen && state.peer?.id === peerId;
  touchConversation(
    peerId,
    message,
    {
      id: peerId,
      realName: str(frame.realName),
      account: str(frame.account),
      headIcon: str(frame.headIcon),
      department: '',
    },
    (unread) => (viewing ? 0 : unread + 1),
  );
  if (viewing) {
    appendToOpenChat(peerId, message);
    markRead(peerId);
  } else if (state.drawerOpen) setChatBlink(false); // the open drawer shows the new unread count
}

/** Removes a conversation from my list; what was unread in it counts as read. */
export async function removeConversationOf(peerId: string): Promise<ApiResult> {
  const conversation = get().conversations.find((c) => c.id === peerId);
  const result = await removeConversation(peerId);
  if (conversation?.unreadMessage) sendFrame({ method: 'UpdateReadMessage', formUserId: peerId });
  updateConversations((list) => list.filter((c) => c.id !== peerId));
  return result;
}

/** Clears my side of the records with a user (the server counts what they sent as read). */
export async function clearRecordsOf(peerId: string): Promise<ApiResult> {
  const result = await deleteChatRecords(peerId);
  updateConversations((list) =>
    list.map((c) => (c.id === peerId ? { ...c, unreadMessage: 0, latestMessage: '', messageType: '' } : c)),
  );
  if (get().peer?.id === peerId) set({ messages: [], total: 0, loadedPages: 1, messagesStatus: 'ready' });
  return result;
}

/** back to the state of a fresh session (a sign-out, and each test) */
export function resetChat(): void {
  set(initialState);
}

onSessionReset(resetChat);

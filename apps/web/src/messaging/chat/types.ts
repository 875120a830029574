// The chat's data as the client keeps it, and how the server's shapes (socket frames, GET /message/imreply,
// GET /permission/Users/ImUser) become it. Frames are read defensively: a malformed one is ignored.
import type { Frame } from '../../platform/realtime';

/** A recent conversation; id is the other user's id. */
export interface Conversation {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  department: string;
  unreadMessage: number;
  /** text as stored (HTML-escaped), or the JSON of a picture or voice message */
  latestMessage: string;
  messageType: string;
  latestDate: number;
}

/** A user one can chat with (the contacts list). */
export interface Contact {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  department: string;
}

export type ChatContentType = 'text' | 'image' | 'voice' | 'video';

/** A picture ({path, width, height}) or a voice / video clip ({path, length}). */
export interface ChatMedia {
  path: string;
  width: number;
  height: number;
  length: number;
}

export interface ChatMessage {
  /** the stored id; messages heard live have none until the history is reloaded */
  id: string | null;
  sendUserId: string;
  sendTime: number;
  contentType: ChatContentType;
  /** text messages: the text as stored (HTML-escaped) */
  text: string;
  /** picture, voice and video messages */
  media: ChatMedia | null;
}

export interface MessagePage {
  toUserId: string;
  keyword: string;
  list: ChatMessage[];
  total: number;
  currentPage: number;
  pageSize: number;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

const CONTENT_TYPES: readonly ChatContentType[] = ['text', 'image', 'voice', 'video'];

function contentTypeOf(value: unknown): ChatContentType | null {
  return CONTENT_TYPES.includes(value as ChatContentType) ? (value as ChatContentType) : null;
}

/**
 * Only files the server serves under /api/file/ are loaded (with the session token): a path from a message
 * never makes the client send its token elsewhere.
 */
export function isServedFilePath(path: string): boolean {
  return /^\/api\/file\/[\w-]+(\/[\w.-]+)+$/.test(path) && !path.includes('..');
}

/** A picture or clip from its object or its JSON text; null when it names no servable file. */
export function parseMedia(content: unknown): ChatMedia | null {
  let value = content;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const path = str(record.path);
  if (!isServedFilePath(path)) return null;
  return { path, width: num(record.width), height: num(record.height), length: num(record.length) };
}

function message(
  id: string | null,
  sendUserId: string,
  sendTime: number,
  type: unknown,
  content: unknown,
): ChatMessage | null {
  const contentType = contentTypeOf(type);
  if (!contentType || !sendUserId) return null;
  if (contentType === 'text') return { id, sendUserId, sendTime, contentType, text: str(content), media: null };
  const media = parseMedia(content);
  return media ? { id, sendUserId, sendTime, contentType, text: '', media } : null;
}

/** A row of a messageList frame. */
export function messageFromHistory(row: unknown): ChatMessage | null {
  if (!row || typeof row !== 'object') return null;
  const r = row as Record<string, unknown>;
  return message(str(r.id) || null, str(r.sendUserId), num(r.sendTime), r.contentType, r.content);
}

/** The sendMessage echo: what I sent, to toUserId. */
export function messageFromEcho(frame: Frame): ChatMessage | null {
  return message(null, str(frame.UserId), num(frame.dateTime), frame.messageType, frame.toMessage);
}

/** A receiveMessage frame: what formUserId sent me. */
export function messageFromReceive(frame: Frame): ChatMessage | null {
  return message(null, str(frame.formUserId), num(frame.dateTime), frame.messageType, frame.formMessage);
}

/** A messageList frame; null when it does not say whom it is about. */
export function pageFromFrame(frame: Frame): MessagePage | null {
  if (typeof frame.toUserId !== 'string' || !Array.isArray(frame.list)) return null;
  const pagination = (frame.pagination ?? {}) as Record<string, unknown>;
  return {
    toUserId: frame.toUserId,
    keyword: str(frame.keyword),
    list: frame.list.map(messageFromHistory).filter((m): m is ChatMessage => m !== null),
    total: num(pagination.total),
    currentPage: num(pagination.currentPage),
    pageSize: num(pagination.pageSize),
  };
}

/** The stored form of a live message, for a conversation's latest message. */
export function storedContent(message: ChatMessage): string {
  return message.contentType === 'text' ? message.text : JSON.stringify(message.media);
}

/** Same message (a page may repeat what was heard live or on an earlier page while new messages arrived). */
export function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  if (a.id && b.id) return a.id === b.id;
  return (
    a.sendUserId === b.sendUserId &&
    a.sendTime === b.sendTime &&
    a.contentType === b.contentType &&
    storedContent(a) === storedContent(b)
  );
}

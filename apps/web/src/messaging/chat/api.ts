// The chat's HTTP calls: recent conversations, removing one, clearing its records, the contacts, the picture upload,
// and files that only signed-in users may read.
import type { PageResult } from '@jnpf/core';
import { uploadFile } from '../../components/admin';
import { API_BASE } from '../../platform/config';
import { http } from '../../platform/request';
import { getToken } from '../../platform/session';
import type { Contact, Conversation } from './types';

const IMREPLY = '/api/message/imreply';

/** Contacts page size. */
export const CONTACTS_PAGE_SIZE = 20;

export async function fetchConversations(): Promise<Conversation[]> {
  const result = await http.get<{ list: Conversation[] }>(IMREPLY);
  return result.data?.list ?? [];
}

/** Takes the conversation off my list (it returns with the next message). */
export function removeConversation(userId: string) {
  return http.delete(`${IMREPLY}/relocation/${encodeURIComponent(userId)}`);
}

/** Clears my side of the chat history with a user. */
export function deleteChatRecords(userId: string) {
  return http.delete(`${IMREPLY}/deleteChatRecord/${encodeURIComponent(userId)}`);
}

export async function fetchContacts(keyword: string, currentPage: number): Promise<PageResult<Contact>> {
  const result = await http.get<PageResult<Contact>>('/api/permission/Users/ImUser', {
    keyword,
    currentPage,
    pageSize: CONTACTS_PAGE_SIZE,
  });
  return result.data ?? { list: [], pagination: { currentPage, pageSize: CONTACTS_PAGE_SIZE, total: 0 } };
}

/** Uploads one chat picture; the answer's name is what SendMessage quotes. A refusal's message is shown. */
export async function uploadChatImage(file: File): Promise<string> {
  const result = await uploadFile<{ name: string }>('/api/file/Uploader/IM', file);
  if (!result.data?.name) throw new Error('upload answered without a name');
  return result.data.name;
}

/**
 * Reads a file that needs the session token (chat pictures, voice): an <img> or <audio> cannot send the
 * Authorization header, so the bytes come through fetch and are shown from a blob.
 */
export async function fetchAuthorizedBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(`${API_BASE}${path}`, {
    headers: { Authorization: getToken(), 'jnpf-origin': 'pc' },
    signal,
  });
  // a refusal comes back as a JSON envelope, not as the file
  if (!response.ok || (response.headers.get('Content-Type') ?? '').includes('application/json'))
    throw new Error(`file ${path} not readable`);
  return response.blob();
}

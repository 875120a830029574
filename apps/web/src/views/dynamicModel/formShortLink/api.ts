// The public calls of a link (/api/visualdev/ShortLink, no sign-in): what it opens, its password,
// its page, and the records it may create or list. A protected link's calls carry the ticket its password
// earned; the ticket lives in this tab's session storage, so a reload does not ask again. The form's popups read
// their rows through the link too (popupSource).
import { md5Hex, type MapPlace, type OnlineConfig, type PageResult } from '@jnpf/core';
import { buildUrl, http } from '../../../platform/request';
import type { PublicMapSource } from '../../../widgets/locationMap';
import type { InterfaceRow, PopupSource, RowsAnswer } from '../../../widgets/popup/popupData';
import type { RecordValues } from '../../../widgets/values';
import type { ListBody, ModelRow } from '../api';
import type { LinkTarget } from './linkToken';

const LINK = '/api/visualdev/ShortLink';
const TICKET_HEADER = 'x-link-ticket';

export interface LinkOpening {
  id: string;
  type: 'form' | 'list';
  fullName: string;
  formPassUse?: number;
  columnPassUse?: number;
}

const ticketKey = (target: LinkTarget) => `shortLinkTicket:${target.modelId}:${target.type}`;

export function storedTicket(target: LinkTarget): string {
  try {
    return sessionStorage.getItem(ticketKey(target)) ?? '';
  } catch {
    return '';
  }
}

function keepTicket(target: LinkTarget, ticket: string) {
  try {
    sessionStorage.setItem(ticketKey(target), ticket);
  } catch {
    // storage unavailable: the password is asked again after a reload
  }
}

export function linkApi(target: LinkTarget, encryption: string) {
  const query = `?encryption=${encodeURIComponent(encryption)}`;
  const headers = () => {
    const ticket = storedTicket(target);
    return ticket ? { [TICKET_HEADER]: ticket } : undefined;
  };
  const { modelId } = target;
  return {
    open: async () => (await http.get<LinkOpening>(`${LINK}/getConfig/${modelId}${query}`)).data!,
    /** checks the password (sent as its md5, as the reference does) and keeps the ticket it earns */
    unlock: async (password: string) => {
      const result = await http.post<{ ticket: string }>(`${LINK}/checkPwd`, {
        id: modelId,
        type: target.type === 'form' ? 0 : 1,
        encryption,
        password: md5Hex(password),
      });
      keepTicket(target, result.data?.ticket ?? '');
    },
    config: async () =>
      (await http.get<OnlineConfig>(`${LINK}/${modelId}/Config${query}`, undefined, { headers: headers() })).data!,
    submit: (values: RecordValues) =>
      http.post(`${LINK}/${modelId}${query}`, { data: JSON.stringify(values) }, { headers: headers() }),
    list: async (body: ListBody, signal?: AbortSignal): Promise<PageResult<ModelRow>> =>
      (
        await http.post<PageResult<ModelRow>>(`${LINK}/${modelId}/ListLink${query}`, body, {
          signal,
          headers: headers(),
        })
      ).data ?? { list: [], pagination: { currentPage: 1, pageSize: body.pageSize, total: 0 } },
    /** where the form's popup fields read their rows: the link's popup calls */
    popupSource: {
      list: async (ref, body) =>
        (
          await http.post<RowsAnswer>(
            `${LINK}/${modelId}/Popup/List${query}`,
            { ...ref, ...body },
            { headers: headers() },
          )
        ).data ?? [],
      byIds: async (ref, body) => {
        const answer = await http.post<InterfaceRow[]>(
          `${LINK}/${modelId}/Popup/InfoByIds${query}`,
          { ...ref, ...body },
          { headers: headers() },
        );
        return Array.isArray(answer.data) ? answer.data : [];
      },
      relationList: async (ref, ask) =>
        (
          await http.get<RowsAnswer>(
            `${LINK}/${modelId}/Relation/List`,
            { encryption, ...ref, ...ask },
            {
              headers: headers(),
            },
          )
        ).data ?? [],
    } satisfies PopupSource,
    /** where the form's location field draws its map and searches places: the link's routes, with its ticket */
    maps: {
      fetchPicture: (pictureQuery: string, signal: AbortSignal) =>
        fetch(buildUrl(`${LINK}/${modelId}/Location/staticmap${query}&${pictureQuery}`, undefined), {
          headers: { 'jnpf-origin': 'pc', ...headers() },
          signal,
        }),
      places: async (kind, ask) =>
        (
          await http.get<{ pois?: MapPlace[] }>(
            `${LINK}/${modelId}/Location/${kind}`,
            { encryption, ...ask },
            {
              headers: headers(),
            },
          )
        ).data ?? {},
    } satisfies PublicMapSource,
    shown: async (id: string) => {
      const answer = await http.get<{ id: string; data: string }>(
        `${LINK}/${modelId}/${id}/DataChange${query}`,
        undefined,
        {
          headers: headers(),
        },
      );
      return JSON.parse(answer.data?.data ?? '{}') as RecordValues;
    },
  };
}

export type LinkApi = ReturnType<typeof linkApi>;

// Calls of the user-group screen.
import type { CommonInput, CommonRow } from '../../../components/form/CommonFields';
import { http } from '../../../platform/request';

export const GROUPS = '/api/permission/Group';

export interface GroupRow extends CommonRow {
  type: string;
}

export interface GroupInput extends CommonInput {
  type: string;
}

export const groupKeys = { list: ['permission', 'group', 'list'] as const };

export const groupApi = {
  listUrl: GROUPS,
  info: async (id: string) =>
    (
      await http.get<Omit<GroupInput, 'sortCode'> & { id: string; sortCode: string | number; version: number }>(
        `${GROUPS}/${id}`,
      )
    ).data!,
  create: (input: GroupInput) => http.post(GROUPS, input),
  update: (id: string, input: GroupInput) => http.put(`${GROUPS}/${id}`, input),
  remove: (id: string) => http.delete(`${GROUPS}/${id}`),
  toggle: (id: string) => http.put(`${GROUPS}/${id}/Actions/State`),
};

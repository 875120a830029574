// Calls of the position screen.
import type { CommonInput, CommonRow } from '../../../components/form/CommonFields';
import { http } from '../../../platform/request';

export const POSITIONS = '/api/permission/Position';

export interface PositionRow extends CommonRow {
  type: string;
  department: string;
  organizeId: string;
}

export interface PositionInput extends CommonInput {
  organizeId: string;
  type: string;
}

export const positionKeys = { list: ['permission', 'position', 'list'] as const };

export const positionApi = {
  listUrl: POSITIONS,
  info: async (id: string) =>
    (await http.get<PositionInput & { id: string; version: number }>(`${POSITIONS}/${id}`)).data!,
  create: (input: PositionInput) => http.post(POSITIONS, input),
  update: (id: string, input: PositionInput) => http.put(`${POSITIONS}/${id}`, input),
  remove: (id: string) => http.delete(`${POSITIONS}/${id}`),
  toggle: (id: string) => http.put(`${POSITIONS}/${id}/Actions/State`),
};

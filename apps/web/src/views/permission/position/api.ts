// Calls of the position screen.
import { http } from '../../../platform/request';

export const POSITIONS = '/api/permission/Position';

export interface PositionRow {
  id: string;
  fullName: string;
  enCode: string;
  type: string;
  department: string;
  organizeId: string;
  description: string;
  enabledMark: number;
  sortCode: number;
  creatorTime: number | null;
}

export interface PositionInput {
  organizeId: string;
  fullName: string;
  enCode: string;
  type: string;
  enabledMark: number;
  sortCode: number;
  description: string;
  version?: number;
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

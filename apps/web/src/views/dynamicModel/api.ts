// The online-development runtime calls (/api/visualdev/OnlineDev). Records travel as
// JSON strings inside `data`, keyed by each field's __vModel__.
import type { ListTreeNode, OnlineConfig, PageResult } from '@jnpf/core';
import { parseDesignJson } from '@jnpf/core';
import type { DownloadVO } from '../../components/admin/download';
import { http } from '../../platform/request';
import type { RecordValues } from '../../widgets/values';

export const ONLINE_DEV = '/api/visualdev/OnlineDev';

/** A list row: display texts by prop, the raw value beside each as <prop>_id. */
export interface ModelRow {
  id: string;
  [prop: string]: unknown;
}

export interface ListBody {
  currentPage: number;
  pageSize: number;
  sort: 'asc' | 'desc';
  sidx: string;
  keyword: string;
  menuId: string;
  /** JSON of {prop: value} */
  queryJson: string;
  /** '1' = every row, no paging */
  dataType: '0' | '1';
}

/** The configuration could not be had: the server's message ("该功能未发布" …) is the error's. */
export class ConfigUnavailable extends Error {}

interface RecordAnswer {
  id: string;
  data: string;
}

const recordOf = (answer: RecordAnswer | undefined): RecordValues => parseDesignJson<RecordValues>(answer?.data) ?? {};

export const modelKeys = {
  all: (modelId: string) => ['dynamicModel', modelId] as const,
  config: (modelId: string, preview: boolean) => ['dynamicModel', modelId, 'config', preview] as const,
  list: (modelId: string) => ['dynamicModel', modelId, 'list'] as const,
  tree: (modelId: string) => ['dynamicModel', modelId, 'tree'] as const,
  record: (modelId: string, id: string) => ['dynamicModel', modelId, 'record', id] as const,
  display: (modelId: string, id: string) => ['dynamicModel', modelId, 'display', id] as const,
};

export const modelApi = {
  /** the base path of the batch import of a model's records */
  importBase: (modelId: string) => `${ONLINE_DEV}/${encodeURIComponent(modelId)}`,
  /**
   * The released configuration, or the draft (type=0) for the designer's preview. The request layer hands
   * this call's refusals back as they are (a bypass URL), so its message is read here.
   */
  async config(modelId: string, preview: boolean): Promise<OnlineConfig> {
    const result = await http.get<OnlineConfig>(`${ONLINE_DEV}/${modelId}/Config`, preview ? { type: 0 } : undefined);
    if (result.code !== 200 || !result.data) throw new ConfigUnavailable(result.msg);
    return result.data;
  },
  async list(modelId: string, body: ListBody, signal?: AbortSignal): Promise<PageResult<ModelRow>> {
    const result = await http.post<PageResult<ModelRow>>(`${ONLINE_DEV}/${modelId}/List`, body, { signal });
    return result.data ?? { list: [], pagination: { currentPage: 1, pageSize: body.pageSize, total: 0 } };
  },
  /** the tree beside a left-tree list (type 2), from the source its design names */
  tree: async (modelId: string) =>
    (await http.get<{ list: ListTreeNode[] }>(`${ONLINE_DEV}/${modelId}/TreeData`)).data?.list ?? [],
  /** a tree table's (type 5) children of one record, every one of them */
  async children(modelId: string, key: string, body: ListBody): Promise<ModelRow[]> {
    const result = await http.post<PageResult<ModelRow>>(
      `${ONLINE_DEV}/${modelId}/List/${encodeURIComponent(key)}`,
      body,
    );
    return result.data?.list ?? [];
  },
  /** the raw values of a record (what the form edits) */
  record: async (modelId: string, id: string) =>
    recordOf((await http.get<RecordAnswer>(`${ONLINE_DEV}/${modelId}/${id}`)).data),
  /** the display texts of a record (detail, system fields) */
  display: async (modelId: string, id: string) =>
    recordOf((await http.get<RecordAnswer>(`${ONLINE_DEV}/${modelId}/${id}/DataChange`)).data),
  create: (modelId: string, values: RecordValues) =>
    http.post<string>(`${ONLINE_DEV}/${modelId}`, { data: JSON.stringify(values) }),
  update: (modelId: string, id: string, values: RecordValues) =>
    http.put(`${ONLINE_DEV}/${modelId}/${id}`, { data: JSON.stringify(values) }),
  remove: (modelId: string, id: string) => http.delete(`${ONLINE_DEV}/${modelId}/${id}`),
  batchRemove: (modelId: string, ids: string[]) => http.post(`${ONLINE_DEV}/batchDelete/${modelId}`, { ids }),
  exportData: async (modelId: string, body: ListBody & { selectKey: string[] }) =>
    (await http.post<DownloadVO>(`${ONLINE_DEV}/${modelId}/Actions/ExportData`, body)).data,
};

// Calls of the function-design screen (online development, design time: /api/visualdev/Base) and of the pickers it
// uses: applications and their Web directories (release), number rules (billRule fields).
import type { WebType } from '@jnpf/core';
import type { DownloadVO } from '../../../components/admin';
import { http } from '../../../platform/request';

const BASE = '/api/visualdev/Base';
const RUN = '/api/visualdev/OnlineDev';
/** the code generator (代码生成) */
const GENERATER = '/api/visualdev/Generater';

/** a folder of the generated code with its files */
export interface CodeFolder {
  id: string;
  fileName: string;
  children: { id: string; fileName: string; fileContent: string }[];
}

/** 0 not released, 1 released, 2 changed since release */
export type DesignState = 0 | 1 | 2;

export interface DesignRow {
  id: string;
  fullName: string;
  enCode: string;
  type: number;
  webType: number;
  /** the category's name when the server knows it */
  category: string;
  /** the category as stored (an item of the webDesign dictionary) */
  categoryId?: string;
  state: DesignState;
  enabledMark: number;
  sortCode: number;
  description: string;
  creatorUser: string | null;
  creatorTime: number | null;
  lastModifyUser: string | null;
  lastModifyTime: number | null;
}

/** what the new dialog and the designer's basic settings edit */
export interface BaseInfo {
  fullName: string;
  enCode: string;
  category: string;
  webType: WebType;
  sortCode: number;
  description: string;
}

export interface DesignInfo extends BaseInfo {
  id: string;
  type: number;
  state: DesignState;
  enabledMark: number;
  /** JSON strings */
  formData: string;
  columnData: string;
}

/** the body of POST and PUT /api/visualdev/Base (formData and columnData as JSON strings) */
export interface DesignBody extends BaseInfo {
  type: 1;
  formData: string;
  columnData: string;
}

export interface ReleaseBody {
  pc: 1;
  pcSystemId: string;
  pcModuleParentId: string;
  app: 0;
}

export interface SystemOption {
  id: string;
  fullName: string;
  enCode: string;
}

export interface MenuNode {
  id: string;
  fullName: string;
  type: number;
  children?: MenuNode[] | null;
}

export interface BillRuleOption {
  id: string;
  fullName: string;
  enCode: string;
}

/** GET /api/visualdev/ShortLink/{id}: a design's public links (paths with their token; empty until first saved) */
export interface ShortLinkInfo {
  id: string;
  formUse: number;
  formLink: string;
  formPassUse: number;
  hasFormPassword: boolean;
  columnUse: number;
  columnLink: string;
  columnPassUse: number;
  hasColumnPassword: boolean;
  /** JSON strings of the chosen props */
  columnCondition: string;
  columnText: string;
  alreadySave: boolean;
}

/** the body of PUT /api/visualdev/ShortLink; an empty password keeps the current one */
export interface ShortLinkBody {
  id: string;
  formUse: number;
  formPassUse: number;
  formPassword: string;
  columnUse: number;
  columnPassUse: number;
  columnPassword: string;
  columnCondition: string[];
  columnText: string[];
}

const SHORT_LINK = '/api/visualdev/ShortLink';

export const webDesignKeys = {
  all: ['onlineDev', 'webDesign'] as const,
  list: ['onlineDev', 'webDesign', 'list'] as const,
  info: (id: string) => ['onlineDev', 'webDesign', 'info', id] as const,
  shortLink: (id: string) => ['onlineDev', 'webDesign', 'shortLink', id] as const,
  codePreview: (id: string) => ['onlineDev', 'webDesign', 'codePreview', id] as const,
};

/** the largest page the server's lists answer (used by pickers that show every row) */
const ALL_ROWS = 500;

export const webDesignApi = {
  listUrl: BASE,
  info: async (id: string) => (await http.get<DesignInfo>(`${BASE}/${id}`)).data!,
  /** answers the new design's id */
  create: (body: DesignBody) => http.post<string>(BASE, body),
  update: (id: string, body: DesignBody) => http.put(`${BASE}/${id}`, body),
  remove: (id: string) => http.delete(`${BASE}/${id}`),
  copy: (id: string) => http.post(`${BASE}/${id}/Actions/Copy`),
  release: (id: string, body: ReleaseBody) => http.post(`${BASE}/${id}/Actions/Release`, body),
  /** the design as a .json file: answers {name, url} to download */
  exportDesign: (id: string) => http.post<DownloadVO>(`${RUN}/${id}/Actions/Export`),
  /** the code generated from the design, file by file under its folders */
  codePreview: async (id: string) =>
    (await http.post<{ module: string; list: CodeFolder[] }>(`${GENERATER}/${id}/Actions/CodePreview`, {})).data!,
  /** the generated code as a zip: answers {name, url} to download */
  downloadCode: (id: string) => http.post<DownloadVO>(`${GENERATER}/${id}/Actions/DownloadCode`, {}),
  /** multipart "file" (a design's .json export) and "type" (0 refuse what is in use, 1 import a copy) */
  importUrl: `${RUN}/Model/Actions/ImportData`,
  shortLink: async (id: string) => (await http.get<ShortLinkInfo>(`${SHORT_LINK}/${id}`)).data!,
  saveShortLink: (body: ShortLinkBody) => http.put<ShortLinkInfo>(SHORT_LINK, body),
  /** new links: the ones handed out before stop working */
  renewShortLink: (id: string) => http.post<ShortLinkInfo>(`${SHORT_LINK}/${id}/Actions/Renew`),
  /** enabled applications (the menu screen's list) */
  systems: async () =>
    (await http.get<{ list: SystemOption[] }>('/api/system/System', { enabledMark: '1' })).data?.list ?? [],
  /** the Web directories of an application, as a tree (the menu screen's parent picker) */
  directories: async (systemId: string) =>
    (await http.get<{ list: MenuNode[] }>(`/api/system/Menu/Selector/0/${systemId}`, { category: 'Web' })).data?.list ??
    [],
  /** enabled number rules */
  billRules: async () =>
    (
      await http.get<{ list: BillRuleOption[] }>('/api/system/BillRule/Selector', {
        currentPage: 1,
        pageSize: ALL_ROWS,
      })
    ).data?.list ?? [],
};

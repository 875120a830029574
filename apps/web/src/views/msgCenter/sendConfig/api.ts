// Calls of the send configuration screen (/api/message/SendMessageConfig).
import { http } from '../../../platform/request';

const BASE = '/api/message/SendMessageConfig';

export interface SendConfigRow {
  id: string;
  fullName: string;
  enCode: string;
  /** '1' system, '0' custom */
  templateType: string;
  /** the msgSourceType name */
  messageSource: string;
  /** the channels its templates use */
  messageType: { type: string; fullName: string }[];
  enabledMark: number;
  sortCode: number;
  description: string;
  creatorUser: string;
  creatorTime: number | null;
  lastModifyTime: number | null;
}

/** one template of a configuration, as the form edits it */
export interface ConfigTemplate {
  id?: string;
  messageType: string;
  templateId: string;
  enabledMark: number;
  sortCode: number;
  description: string;
  /** shown only: the template's code and name */
  templateCode?: string;
  templateName?: string;
}

export interface SendConfigInput {
  fullName: string;
  enCode: string;
  templateType: string;
  messageSource: string;
  enabledMark: number;
  sortCode: number;
  description: string;
  sendConfigTemplateList: Omit<ConfigTemplate, 'templateCode' | 'templateName'>[];
  version?: number;
}

export interface SendConfigInfo {
  id: string;
  fullName: string;
  enCode: string;
  templateType: string;
  /** the msgSourceType code, and its name */
  messageSource: string;
  messageSourceName: string;
  enabledMark: number;
  sortCode: number;
  description: string | null;
  creatorTime: number | null;
  lastModifyTime: number | null;
  version: number;
  sendConfigTemplateList: (ConfigTemplate & { id: string; templateCode: string; templateName: string })[];
}

export interface TemplateOption {
  id: string;
  fullName: string;
  enCode: string;
}

export const sendConfigKeys = {
  all: ['msgCenter', 'sendConfig'] as const,
  list: ['msgCenter', 'sendConfig', 'list'] as const,
  info: (id: string) => ['msgCenter', 'sendConfig', 'info', id] as const,
};

export const sendConfigApi = {
  listUrl: BASE,
  info: async (id: string) => (await http.get<SendConfigInfo>(`${BASE}/${id}`)).data!,
  create: (input: SendConfigInput) => http.post<string>(BASE, input),
  update: (id: string, input: SendConfigInput) => http.put(`${BASE}/${id}`, input),
  remove: (id: string) => http.delete(`${BASE}/${id}`),
  copy: (id: string) => http.post<string>(`${BASE}/${id}/Actions/Copy`),
  /** the enabled templates of a channel and source, for picking */
  templates: async (messageType: string, messageSource: string) =>
    (
      await http.get<{ list: TemplateOption[] }>('/api/message/MessageTemplateConfig/Selector', {
        messageType,
        messageSource,
        currentPage: 1,
        pageSize: 500,
      })
    ).data?.list ?? [],
};

/** the update body of a configuration as read */
export function inputOf(info: SendConfigInfo): SendConfigInput {
  return {
    fullName: info.fullName,
    enCode: info.enCode,
    templateType: info.templateType,
    messageSource: info.messageSource,
    enabledMark: info.enabledMark,
    sortCode: info.sortCode,
    description: info.description ?? '',
    sendConfigTemplateList: info.sendConfigTemplateList.map(templateRowInput),
    version: info.version,
  };
}

export const templateRowInput = (row: ConfigTemplate): SendConfigInput['sendConfigTemplateList'][number] => ({
  id: row.id,
  messageType: row.messageType,
  templateId: row.templateId,
  enabledMark: row.enabledMark,
  sortCode: row.sortCode,
  description: row.description ?? '',
});

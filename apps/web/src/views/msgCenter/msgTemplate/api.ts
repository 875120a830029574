// Calls of the message template screen (/api/message/MessageTemplateConfig).
import type { CommonInput, CommonRow } from '../../../components/form/CommonFields';
import { http } from '../../../platform/request';

const BASE = '/api/message/MessageTemplateConfig';

export interface TemplateRow extends CommonRow {
  /** '1' system, '0' custom */
  templateType: string;
  /** names (msgSourceType / msgSendType), not codes */
  messageSource: string;
  messageType: string;
  creatorUser: string;
  lastModifyTime: number | null;
}

export interface TemplateParam {
  id?: string;
  field: string;
  fieldName: string;
}

export interface SmsField {
  id?: string;
  fieldId?: string;
  /** the provider's variable name */
  smsField: string;
  /** the template parameter it takes its value from */
  field: string;
  /** WeChat: the one variable that is the title */
  isTitle: number;
}

export interface TemplateInput extends CommonInput {
  templateType: string;
  messageSource: string;
  messageType: string;
  title: string | null;
  content: string | null;
  templateCode: string | null;
  /** WeChat jump: '1' mini program, '2' page */
  wxSkip: string | null;
  xcxAppId: string | null;
  templateParamList: TemplateParam[];
  smsFieldList: SmsField[];
}

export interface TemplateInfo extends Omit<TemplateInput, 'description'> {
  id: string;
  description: string | null;
  version: number;
}

export const templateKeys = {
  all: ['msgCenter', 'msgTemplate'] as const,
  list: ['msgCenter', 'msgTemplate', 'list'] as const,
};

export const templateApi = {
  listUrl: BASE,
  info: async (id: string) => (await http.get<TemplateInfo>(`${BASE}/${id}`)).data!,
  /** the built-in parameters with their names */
  params: async () => (await http.get<{ list: TemplateParam[] }>(`${BASE}/getParams`)).data?.list ?? [],
  create: (input: TemplateInput) => http.post<string>(BASE, input),
  update: (id: string, input: TemplateInput) => http.put(`${BASE}/${id}`, input),
  remove: (id: string) => http.delete(`${BASE}/${id}`),
  copy: (id: string) => http.post<string>(`${BASE}/${id}/Actions/Copy`),
};

/** the body of an update from a template as read, with its fields as they were */
export function inputOf(info: TemplateInfo): TemplateInput {
  return {
    fullName: info.fullName,
    enCode: info.enCode,
    templateType: info.templateType,
    messageSource: info.messageSource,
    messageType: info.messageType,
    enabledMark: info.enabledMark,
    sortCode: info.sortCode,
    description: info.description ?? '',
    title: info.title,
    content: info.content,
    templateCode: info.templateCode,
    wxSkip: info.wxSkip,
    xcxAppId: info.xcxAppId,
    templateParamList: info.templateParamList.map(({ id, field, fieldName }) => ({ id, field, fieldName })),
    smsFieldList: info.smsFieldList.map(({ id, fieldId, smsField, field, isTitle }) => ({
      id,
      fieldId,
      smsField,
      field,
      isTitle,
    })),
    version: info.version,
  };
}

// The stored shape of a data interface: its parameters and its configuration JSON, read leniently (what the
// screen saves) and checked where they matter.
import { z } from 'zod';
import type { dataInterface } from '../../db/schema/index.js';
import { refuse } from '../../platform/errors.js';
import { m } from './messages.js';

export type InterfaceRow = typeof dataInterface.$inferSelect;

export const TYPE_SQL = 1;
export const TYPE_STATIC = 2;
export const TYPE_API = 3;
/** the reference's request methods of an SQL interface: 3 查询 (query, the default); 1 增加, 2 修改, 4 删除 write */
export const ACTION_QUERY = 3;
/** an SQL interface that changes data (1 insert, 2 update, 4 delete) */
export const isWriting = (action: number | null | undefined) => action === 1 || action === 2 || action === 4;

export const TYPE_TEXT: Record<number, { zh: string; zhtw: string; en: string }> = {
  1: { zh: 'SQL操作', zhtw: 'SQL操作', en: 'SQL' },
  2: { zh: '静态数据', zhtw: '靜態數據', en: 'Static data' },
  3: { zh: 'API操作', zhtw: 'API操作', en: 'API' },
};

const text = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional();

export const paramModel = z.object({
  id: z.string().optional().nullable(),
  field: z
    .string()
    .max(100)
    .regex(/^[A-Za-z_][A-Za-z0-9_.]*$/),
  fieldName: z.string().max(200).nullish(),
  dataType: z.string().max(20).nullish(),
  required: z.union([z.number(), z.boolean(), z.string()]).nullish(),
  defaultValue: text,
});
export type ParamModel = z.infer<typeof paramModel>;

/** a header, query or body item of an API interface: where its value comes from */
export const apiItem = z.object({
  field: z.string().max(200),
  /** 1 interface parameter, 2 variable, 3 literal, 4 page parameter, 5 echo parameter */
  source: z.coerce.number().int().min(1).max(5).default(3),
  defaultValue: text,
});
export type ApiItem = z.infer<typeof apiItem>;

export const dataConfigModel = z.object({
  staticData: z.union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())]).nullish(),
  sqlData: z.object({ dbLinkId: z.string().max(64).default('0'), sql: z.string().max(50_000).default('') }).nullish(),
  apiData: z
    .object({
      method: z.coerce.number().int().min(1).max(2).default(1),
      url: z.string().max(2000).default(''),
      header: z.array(apiItem).max(100).nullish(),
      query: z.array(apiItem).max(100).nullish(),
      body: z.union([z.string().max(200_000), z.array(apiItem).max(200)]).nullish(),
      /** 0 none, 1 form-data, 2 x-www-form-urlencoded, 3 JSON, 4 XML */
      bodyType: z.coerce.number().int().min(0).max(4).default(0),
    })
    .nullish(),
});
export type DataConfig = z.infer<typeof dataConfigModel>;

function parseJson(textValue: string | null | undefined, what: string): unknown {
  if (!textValue) return undefined;
  try {
    return JSON.parse(textValue) as unknown;
  } catch {
    throw refuse(m.configInvalid, { detail: what });
  }
}

export function paramsOf(row: Pick<InterfaceRow, 'parameterJson'>): ParamModel[] {
  const raw = parseJson(row.parameterJson, 'parameterJson');
  if (raw === undefined) return [];
  const parsed = z.array(paramModel).max(100).safeParse(raw);
  if (!parsed.success) throw refuse(m.configInvalid, { detail: 'parameterJson' });
  return parsed.data;
}

export function configOf(row: Pick<InterfaceRow, 'dataConfigJson'>): DataConfig {
  const raw = parseJson(row.dataConfigJson, 'dataConfigJson') ?? {};
  const parsed = dataConfigModel.safeParse(raw);
  if (!parsed.success) throw refuse(m.configInvalid, { detail: 'dataConfigJson' });
  return parsed.data;
}

export const isRequired = (p: ParamModel) => p.required === 1 || p.required === true || p.required === '1';

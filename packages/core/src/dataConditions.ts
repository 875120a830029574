// The operators of data-permission conditions: one list for the server's query filter and the web's condition
// editor.
export const CONDITION_OPS = [
  '==',
  '<>',
  '>',
  '>=',
  '<',
  '<=',
  'between',
  'like',
  'notLike',
  'in',
  'notIn',
  'null',
  'notNull',
] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

// What the tests expect of an answer, stated once.
import { expect } from 'vitest';

/** the call was refused with 401, naming exactly these input fields (in any order) */
export function expectInvalidFields(
  answer: { code: number; data?: { errors: Record<string, string> } },
  fields: string[],
) {
  expect(answer.code).toBe(401);
  expect(Object.keys(answer.data!.errors).sort()).toEqual([...fields].sort());
}

/** the call was refused with 400 and this message */
export function expectRefused(answer: { code: number; msg: string }, msg: string) {
  expect(answer).toMatchObject({ code: 400, msg });
}

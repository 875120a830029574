// Every route's params, query and body pass through validate(): NUL, which PostgreSQL text cannot hold, is refused
// in any string of them without the schema saying so; fields of the kit that check it themselves keep their message.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationError } from './errors.js';
import { fieldMessages, idOrCodeText, nameField, optionalText, requiredText } from './fields.js';
import { validate } from './validation.js';

const errorsOf = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    if (err instanceof ValidationError) return err.errors;
    throw err;
  }
  throw new Error('accepted');
};

describe('NUL in input', () => {
  const schema = z.object({
    title: z.string(),
    tags: z.array(z.string()).optional(),
    meta: z.object({ note: z.string().optional(), data: z.record(z.string(), z.unknown()).optional() }).optional(),
  });

  it('is refused in any string of a schema that does not check it, at the path it came in', () => {
    expect(errorsOf(() => validate(schema, { title: 'a\u0000b' }, 'zh', 'body'))).toEqual({
      title: '含有不允许的字符',
    });
    expect(errorsOf(() => validate(schema, { title: 'a', tags: ['x', '\u0000'] }, 'en', 'body'))).toEqual({
      'tags.1': 'Contains characters that are not allowed',
    });
    expect(errorsOf(() => validate(schema, { title: 'a', meta: { note: '\u0000' } }, 'zhtw', 'query'))).toEqual({
      'meta.note': '含有不允許的字元',
    });
    expect(
      errorsOf(() => validate(schema, { title: 'a', meta: { data: { list: [{ text: 'x\u0000' }] } } }, 'zh', 'body')),
    ).toEqual({ 'meta.data.list.0.text': '含有不允许的字符' });
    expect(errorsOf(() => validate(z.object({ id: z.string() }), { id: '1\u0000' }, 'zh', 'params'))).toEqual({
      id: '含有不允许的字符',
    });
  });

  it('passes text without NUL untouched', () => {
    expect(validate(schema, { title: '标题 \u0001', tags: ['x'] }, 'zh', 'body')).toEqual({
      title: '标题 \u0001',
      tags: ['x'],
    });
  });

  it('is refused first, with the one message, before any field rule', () => {
    const form = z.object({
      fullName: nameField(),
      enCode: requiredText(fieldMessages.codeRequired),
      description: optionalText(500),
      id: idOrCodeText,
    });
    expect(
      errorsOf(() => validate(form, { fullName: 'a\u0000', enCode: '', description: '\u0000', id: 'x' }, 'zh', 'body')),
    ).toEqual({ fullName: '含有不允许的字符' });
    expect(errorsOf(() => validate(form, { fullName: 'a', enCode: 'c', id: 'x\u0000' }, 'zh', 'body'))).toEqual({
      id: '含有不允许的字符',
    });
  });
});

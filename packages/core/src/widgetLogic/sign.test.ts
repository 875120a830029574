import { describe, expect, it } from 'vitest';
import { isMultiValueField, parseMixedPick } from '../onlineDev.js';
import { checkLocationField } from './location.js';
import { widgetMessage } from './messages.js';
import { checkSignValue, signFileName, signUrlOf } from './sign.js';

const NAME = '20260101_abcDEF123.png';

describe('signature value', () => {
  it('is empty or the address of a stored picture of the picture store', () => {
    expect(signFileName(signUrlOf(NAME))).toBe(NAME);
    expect(checkSignValue('')).toEqual({ ok: true });
    expect(checkSignValue(signUrlOf(NAME))).toEqual({ ok: true });
    for (const bad of [
      'data:image/png;base64,iVBORw0KGgo=',
      `/api/file/Image/annex/${NAME}`,
      '/api/file/Image/annexpic/20260101_abc.pdf',
      `/api/file/Image/annexpic/../${NAME}`,
      `https://evil.example/api/file/Image/annexpic/${NAME}`,
      { url: signUrlOf(NAME) },
      42,
    ]) {
      const check = checkSignValue(bad);
      expect(check.ok, String(bad)).toBe(false);
      if (!check.ok) expect(widgetMessage(check.error, 'zh', '签名')).toBe('签名不是签名图片');
    }
  });
});

describe('location field check', () => {
  it('names the field when the place is outside the allowed circles', () => {
    const far = JSON.stringify({ lng: 121.47, lat: 31.23, fullAddress: '上海' });
    const check = checkLocationField(far, {
      enableDesktopLocation: true,
      locationScope: [{ lng: 116.397, lat: 39.909, radius: 1000 }],
    });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(widgetMessage(check.error, 'en', 'Site')).toBe('Site is outside the specified range');
  });
});

describe('mixed picker entries', () => {
  it('read "id--kind" into the directory picker of that kind; a company may be any organisation', () => {
    expect(parseMixedPick('u1--user')).toEqual({ id: 'u1', type: 'user', kind: 'userSelect' });
    expect(parseMixedPick('c1--company')).toEqual({ id: 'c1', type: 'company', kind: 'organizeSelect' });
    expect(parseMixedPick('d1--department')?.kind).toBe('depSelect');
    expect(parseMixedPick('a--b--role')).toEqual({ id: 'a--b', type: 'role', kind: 'roleSelect' });
    for (const bad of ['u1', '--user', 'u1--robot', 'u1--toString', 42, null]) expect(parseMixedPick(bad)).toBeNull();
    expect(isMultiValueField({ __config__: { jnpfKey: 'usersSelect' }, multiple: true })).toBe(true);
  });
});

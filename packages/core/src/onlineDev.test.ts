import { describe, expect, it } from 'vitest';
import {
  acceptedExtensions,
  acceptedKinds,
  isUploadKey,
  upgradeLegacyKeys,
  uploadMaxBytes,
  uploadSizeLimit,
} from './onlineDev';

const file = (accept?: string) => ({ __config__: { jnpfKey: 'uploadFile' }, accept });

describe('acceptedExtensions', () => {
  it('reads extensions and image/* from accept; JPEG is jpg and jpeg; nothing means any allowed type', () => {
    expect(acceptedExtensions(file('.PDF, .docx'))).toEqual(['pdf', 'docx']);
    expect(acceptedExtensions(file('.jpeg'))?.sort()).toEqual(['jpeg', 'jpg']);
    expect(acceptedExtensions(file('image/*'))).toContain('png');
    expect(acceptedExtensions(file(''))).toBeNull();
    expect(acceptedExtensions(file('text/html, .exe.js'))).toBeNull();
    expect(acceptedExtensions({ __config__: { jnpfKey: 'uploadImg' }, accept: '.pdf' })).toContain('webp');
  });

  it('video/* and audio/* stand for their kinds, not for any file', () => {
    expect(acceptedExtensions(file('video/*'))).toEqual(['mp4', 'm3u8', 'rmvb', 'avi', 'swf', '3gp', 'mkv', 'flv']);
    expect(acceptedExtensions(file('audio/*, .pdf'))).toEqual(['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac', 'pdf']);
  });
});

describe('acceptedKinds', () => {
  it('names the kinds a refusal lists: image, video, audio, excel, word, pdf, txt, else the extension', () => {
    expect(acceptedKinds({ accept: '.xls,.xlsx,.DOCX,image/*,.pdf,.txt,video/*,audio/*,.zip' })).toEqual([
      'excel',
      'word',
      'image',
      'pdf',
      'txt',
      'video',
      'audio',
      '.zip',
    ]);
    expect(acceptedKinds({ accept: '' })).toBeNull();
    expect(acceptedKinds({ accept: 'text/html' })).toBeNull();
  });
});

describe('upload size limits', () => {
  it('reads fileSize in sizeUnit; without one 10 MB, 5 MB for the chunked uploader (uploadFz)', () => {
    expect(uploadSizeLimit({ fileSize: 2, sizeUnit: 'gb' })).toEqual({ size: 2, unit: 'GB' });
    expect(uploadMaxBytes({ fileSize: 3, sizeUnit: 'KB' })).toBe(3072);
    expect(uploadMaxBytes({ __config__: { jnpfKey: 'uploadFile' } })).toBe(10 * 1024 ** 2);
    expect(uploadMaxBytes({ __config__: { jnpfKey: 'uploadFz' }, fileSize: 0 })).toBe(5 * 1024 ** 2);
    expect(uploadSizeLimit({ fileSize: 1, sizeUnit: 'TB' })).toEqual({ size: 1, unit: 'MB' });
    expect(['uploadFile', 'uploadImg', 'uploadFz', 'sign'].map(isUploadKey)).toEqual([true, true, true, false]);
  });
});

describe('upgradeLegacyKeys', () => {
  it("renames older widget keys in fields, containers' children and list columns, and leaves others alone", () => {
    const form = {
      fields: [
        { __config__: { jnpfKey: 'comInput' }, __vModel__: 'a' },
        { __config__: { jnpfKey: 'row', children: [{ __config__: { jnpfKey: 'numInput' }, __vModel__: 'b' }] } },
        { __config__: { jnpfKey: 'currDept' }, __vModel__: 'd' },
        { __config__: { jnpfKey: 'uploadFz' }, __vModel__: 'f', type: 'date' },
      ],
    };
    const out = JSON.parse(upgradeLegacyKeys(JSON.stringify(form)));
    expect(out.fields.map((f: { __config__: { jnpfKey: string } }) => f.__config__.jnpfKey)).toEqual([
      'input',
      'row',
      'currOrganize',
      'uploadFz',
    ]);
    expect(out.fields[1].__config__.children[0].__config__.jnpfKey).toBe('inputNumber');
    expect(out.fields[2].showLevel).toBe('last');
    expect(out.fields[3].type).toBe('date');
    const list = JSON.parse(upgradeLegacyKeys('{"columnList":[{"prop":"a","jnpfKey":"date"}]}'));
    expect(list.columnList[0].jnpfKey).toBe('datePicker');
    const today = '{"fields":[{"__config__":{"jnpfKey":"input"},"type":"date"}]}';
    expect(upgradeLegacyKeys(today)).toBe(today);
    expect(upgradeLegacyKeys('not "date" json')).toBe('not "date" json');
  });
});

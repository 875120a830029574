import { describe, expect, it } from 'vitest';
import { acceptedExtensions } from './onlineDev';

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
});

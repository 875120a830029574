import { describe, expect, it } from 'vitest';
import { applicationIdFromPath, basePathFromPath, storage, storageKey } from './storage';

describe('storage keys', () => {
  it('carry the product prefix', () => {
    expect(storageKey('token', '/home')).toBe('jnpf_token');
  });

  it('carry the application id under an application path', () => {
    expect(applicationIdFromPath('/JNPF_APP_crm/home')).toBe('crm');
    expect(storageKey('token', '/JNPF_APP_crm/home')).toBe('jnpf_crm_token');
    expect(basePathFromPath('/JNPF_APP_crm/home')).toBe('/JNPF_APP_crm');
    expect(basePathFromPath('/home')).toBe('');
  });

  it('stores JSON and treats unreadable entries as absent', () => {
    storage.set('lock', true);
    expect(window.localStorage.getItem('jnpf_lock')).toBe('true');
    expect(storage.get('lock')).toBe(true);
    window.localStorage.setItem('jnpf_broken', '{');
    expect(storage.get('broken')).toBeUndefined();
    storage.remove('lock');
    expect(storage.get('lock')).toBeUndefined();
  });
});

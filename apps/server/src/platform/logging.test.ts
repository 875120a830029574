import { describe, expect, it } from 'vitest';
import { loggedPath } from './logging.js';

describe('loggedPath', () => {
  it('logs addresses without their query, and routes keyed by a file name or ticket by their pattern', () => {
    expect(loggedPath('/api/permission/Users/:id', '/api/permission/Users/42?token=x')).toBe(
      '/api/permission/Users/42',
    );
    expect(loggedPath('/api/file/Image/:type/:name', '/api/file/Image/annex/20260101_ab.pdf')).toBe(
      '/api/file/Image/:type/:name',
    );
    expect(loggedPath('/api/file/Download/:ticket', '/api/file/Download/abc')).toBe('/api/file/Download/:ticket');
    expect(loggedPath(undefined, '/nowhere?x=1')).toBe('/nowhere');
  });
});

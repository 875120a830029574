// Where the location field's map pictures come from: the signed-in route with the token, or in a form link's
// public form the link's own route with its headers (the visitor has no session).
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../platform/session';
import { PublicMapContext, mapPicturePath, usePicture, type PublicMapSource } from './locationMap';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
let fetchMock: ReturnType<typeof vi.fn>;

function Probe() {
  const picture = usePicture(mapPicturePath({ lng: 116.48, lat: 39.99 }, 19, { width: 80, height: 80 }));
  return <span data-testid="picture">{picture.src ?? ''}</span>;
}

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(PNG, { headers: { 'content-type': 'image/png' } }));
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
  setToken('signed-in-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken('');
});

const asked = () => fetchMock.mock.calls[0] as [string, { headers: Record<string, string> }];

describe('map pictures', () => {
  it('signed in: the system route with the token', async () => {
    render(<Probe />);
    await waitFor(() => expect(screen.getByTestId('picture').textContent).toBe('blob:picture'));
    const [url, init] = asked();
    expect(url).toContain('/api/system/Location/staticmap?location=116.480000%2C39.990000&zoom=19&size=80*80');
    expect(init.headers.Authorization).toBe('signed-in-token');
  });

  it("in a form link: the link's route with its headers, never the token", async () => {
    const source: PublicMapSource = {
      fetchPicture: (query, signal) =>
        fetch(`/api/visualdev/ShortLink/m1/Location/staticmap?encryption=e1&${query}`, {
          headers: { 'x-link-ticket': 't1' },
          signal,
        }),
      places: vi.fn(),
    };
    render(
      <PublicMapContext.Provider value={source}>
        <Probe />
      </PublicMapContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('picture').textContent).toBe('blob:picture'));
    const [url, init] = asked();
    expect(url).toBe(
      '/api/visualdev/ShortLink/m1/Location/staticmap?encryption=e1&location=116.480000%2C39.990000&zoom=19&size=80*80',
    );
    expect(init.headers['x-link-ticket']).toBe('t1');
    expect(init.headers.Authorization).toBeUndefined();
  });
});

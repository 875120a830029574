// A stand-in for the AMap web service the server's maps routes call (AMAP_API_BASE): places around a point or
// matching keywords, 50 a page (52 in all, the last two on page 2), input tips and a map picture. A call without
// the configured key is answered as AMap answers a wrong key, so a test sees the server sending its own key.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMaps {
  /** AMAP_API_BASE and AMAP_KEY for a server that should use this fake */
  env: { AMAP_API_BASE: string; AMAP_KEY: string };
  /** the place-list pages asked for, in order */
  pages: number[];
  close(): Promise<void>;
}

const KEY = 'e2e-maps-key';
/** a one-pixel PNG, the map picture */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** a place near People's Square, Shanghai, as AMap lists it */
const poi = (n: number, name = `测试地点${n}`, address = `南京东路${n}号`) => ({
  pname: '上海市',
  cityname: '上海市',
  adname: '黄浦区',
  address,
  name,
  location: `${(121.4737 + n / 100_000).toFixed(6)},31.230400`,
});

function placesOf(page: number) {
  if (page === 1) return Array.from({ length: 50 }, (_, i) => poi(i + 1));
  if (page === 2) return [poi(51), poi(52, '人民广场', '人民大道')];
  return [];
}

export async function startFakeMaps(): Promise<FakeMaps> {
  const pages: number[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    if (query.key !== KEY) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' }));
    }
    if (url.pathname === '/v3/staticmap') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.pathname === '/v3/place/around' || url.pathname === '/v3/place/text') {
      const page = Number(query.page ?? '1');
      pages.push(page);
      return res.end(JSON.stringify({ status: '1', info: 'OK', count: '52', pois: placesOf(page) }));
    }
    if (url.pathname === '/v3/assistant/inputtips')
      return res.end(JSON.stringify({ status: '1', info: 'OK', count: '0', tips: [] }));
    res.end(JSON.stringify({ status: '0', info: 'UNKNOWN_PATH', infocode: '20000' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: { AMAP_API_BASE: `http://127.0.0.1:${port}`, AMAP_KEY: KEY },
    pages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../components/admin/testUtils';
import type * as Files from '../components/attachments/files';
import { uploadFile } from '../platform/chunkUpload';
import { feedback } from '../platform/feedback';
import { serveApi } from '../test/screen';
import { PublicMapContext, type PublicMapSource } from './locationMap';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('../platform/feedback', () => ({
  feedback: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), notice: vi.fn() },
}));
vi.mock('../platform/chunkUpload', () => ({ uploadFile: vi.fn() }));
vi.mock('../components/attachments/files', async (original) => ({
  ...(await original<typeof Files>()),
  useAttachmentImage: (url: string | null | undefined) => ({ src: url ? `blob:${url}` : undefined, failed: false }),
}));

const PICTURE = '/api/file/Image/annexpic/20260101_abc.png';
const DOT = 'data:image/png;base64,iVBORw0KGgo=';

beforeEach(() => {
  vi.mocked(feedback.error).mockClear();
  vi.mocked(feedback.warning).mockClear();
  vi.mocked(uploadFile).mockReset();
  // jsdom draws nothing: a pad that records strokes and gives a blob
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    clearRect: vi.fn(),
  } as unknown as CanvasRenderingContext2D);
  HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback) {
    callback(new Blob(['png'], { type: 'image/png' }));
  };
});
afterEach(() => vi.restoreAllMocks());

const signField = (extra = {}) => fieldOf('sign', 'signature', '签名', { clearable: true, ...extra });

describe('handwritten signature', () => {
  it('opens a cleared 560×300 pad whose hint hides on drawing, stores the drawing and sends its address', async () => {
    vi.mocked(uploadFile).mockResolvedValue({
      name: 'sign.png',
      fileId: '20260101_abc.png',
      fileSize: 3,
      fileExtension: 'png',
      url: PICTURE,
    });
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([signField()])} onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByRole('button', { name: /手写签名/ }));
    const dialog = await screen.findByRole('dialog');
    const pad = within(dialog).getByLabelText('签名板') as HTMLCanvasElement;
    expect([pad.width, pad.height]).toEqual([560, 300]);
    expect(within(dialog).getByTestId('sign-hint').textContent).toBe('请在此区域使用鼠标手写签名');
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { clientX: 50, clientY: 40 });
    fireEvent.pointerUp(pad);
    expect(within(dialog).queryByTestId('sign-hint')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(uploadFile).toHaveBeenCalled());
    expect(vi.mocked(uploadFile).mock.calls[0]![1]).toMatchObject({ type: 'annexpic' });
    expect(await screen.findByAltText('签名图片')).toBeTruthy();
    fireEvent.click(screen.getByText(SUBMIT));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ signature: PICTURE });
  });

  it('says 请签名 when nothing is drawn, and stores nothing', async () => {
    renderAdmin(<RendererHarness formData={formOf([signField()])} onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: /手写签名/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(feedback.error).toHaveBeenCalledWith('请签名');
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('closes the dialog quietly when the drawing cannot be saved, keeping the value', async () => {
    vi.mocked(uploadFile).mockRejectedValue(new Error('offline'));
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([signField()])} onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByRole('button', { name: /手写签名/ }));
    const dialog = await screen.findByRole('dialog');
    const pad = within(dialog).getByLabelText('签名板');
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { clientX: 50, clientY: 40 });
    fireEvent.pointerUp(pad);
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(uploadFile).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(feedback.error).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText(SUBMIT));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].signature ?? '').toBe('');
  });

  it('picks a saved signature, stores it as a picture of its own and uses that', async () => {
    serveApi({
      'GET /api/permission/Users/Current/SignImg': [{ id: 's1', signImg: DOT, isDefault: 1 }],
      'GET /api/system/Signature/Selector': { list: [{ id: 'seal', fullName: '公章', enCode: 'gz', icon: DOT }] },
    });
    vi.mocked(uploadFile).mockResolvedValue({
      name: 'sign.png',
      fileId: '20260101_abc.png',
      fileSize: 3,
      fileExtension: 'png',
      url: PICTURE,
    });
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([signField()])} onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByRole('button', { name: /手写签名/ }));
    fireEvent.click(await screen.findByRole('button', { name: '选择签名' }));
    expect(await screen.findByText('默认')).toBeTruthy();
    expect(screen.getByAltText('公章')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '选择签名 公章' }));
    await waitFor(() => expect(uploadFile).toHaveBeenCalled());
    const file = vi.mocked(uploadFile).mock.calls[0]![0];
    expect(file.type).toBe('image/png');
    fireEvent.click(screen.getByText(SUBMIT));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ signature: PICTURE });
  });

  it('refuses a stored value that is not a picture address, as the server does', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([signField()])} record={{ signature: DOT }} onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByText(SUBMIT));
    expect(await screen.findByText('签名不是签名图片')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the picture read-only in the detail, without the pad', async () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([signField()])}
        mode="detail"
        record={{ signature: PICTURE }}
        display={{ signature: PICTURE }}
        onSubmit={vi.fn()}
      />,
    );
    expect(await screen.findByAltText('签名图片')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /手写签名/ })).toBeNull();
  });
});

const PLACE = {
  pName: '北京市',
  cName: '北京市',
  adName: '东城区',
  address: '东长安街',
  name: '天安门',
  lng: '116.397455',
  lat: '39.909187',
  fullAddress: '北京市东城区东长安街天安门',
};
const POI = {
  pname: '北京市',
  cityname: '北京市',
  adname: '东城区',
  address: '东长安街',
  name: '天安门',
  location: '116.397455,39.909187',
};
const locationField = (extra = {}) => fieldOf('location', 'place', '位置', { clearable: true, ...extra });

describe('location', () => {
  it('lists the places around the centre, picks one and sends its JSON text', async () => {
    const { calls } = serveApi({
      'GET /api/system/Location/around': { status: '1', pois: [POI] },
    });
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([locationField()])} onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByRole('button', { name: /选择位置/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('北京市东城区东长安街天安门'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path.endsWith('/around'))!.url).toContain('location=116.404000%2C39.915000');
    fireEvent.click(screen.getByText(SUBMIT));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(JSON.parse(onSubmit.mock.calls[0]![0].place)).toEqual(PLACE);
  });

  it("in a form link: searches and draws through the link's maps, never the signed-in routes", async () => {
    const { calls } = serveApi({});
    const source: PublicMapSource = {
      fetchPicture: (query, signal) =>
        fetch(`/api/visualdev/ShortLink/m1/Location/staticmap?encryption=e1&${query}`, {
          headers: { 'x-link-ticket': 't1' },
          signal,
        }),
      places: vi.fn(async () => ({ pois: [POI] })),
    };
    const onSubmit = vi.fn();
    renderAdmin(
      <PublicMapContext.Provider value={source}>
        <RendererHarness formData={formOf([locationField()])} onSubmit={onSubmit} />
      </PublicMapContext.Provider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /选择位置/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('北京市东城区东长安街天安门'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(source.places).toHaveBeenCalledWith('around', expect.objectContaining({ location: '116.404000,39.915000' }));
    // the map picture too went to the link's route
    expect(calls.some((c) => c.path.startsWith('/api/system/Location'))).toBe(false);
    expect(calls.some((c) => c.path === '/api/visualdev/ShortLink/m1/Location/staticmap')).toBe(true);
    fireEvent.click(screen.getByText(SUBMIT));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(JSON.parse(onSubmit.mock.calls[0]![0].place)).toEqual(PLACE);
  });

  it('draws the map of the centre; a click or an arrow key moves it and lists the places there', async () => {
    const { calls, fetchMock } = serveApi({ 'GET /api/system/Location/around': { status: '1', pois: [POI] } });
    const serve = fetchMock.getMockImplementation()!;
    const pictures: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (!url.includes('/api/system/Location/staticmap')) return serve(input, init);
      pictures.push(url);
      return new Response(new Blob(['png']), { headers: { 'content-type': 'image/png' } });
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:map', revokeObjectURL: vi.fn() }));
    renderAdmin(<RendererHarness formData={formOf([locationField()])} onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: /选择位置/ }));
    const dialog = await screen.findByRole('dialog');
    const map = await within(dialog).findByRole('application', { name: '地图' });
    await waitFor(() => expect(map.querySelector('img')?.getAttribute('src')).toBe('blob:map'));
    expect(pictures[0]).toContain('location=116.404000%2C39.915000&zoom=16&size=552*240');
    // jsdom lays nothing out: the click's offset from the (zero-sized) box is its client position
    fireEvent.click(map, { clientX: 100, clientY: 0 });
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/around'))).toHaveLength(2));
    const moved = new URL(calls.filter((c) => c.path.endsWith('/around'))[1]!.url, 'http://x').searchParams;
    const [lng, lat] = moved.get('location')!.split(',').map(Number);
    expect(lng).toBeGreaterThan(116.405);
    expect(lat).toBeCloseTo(39.915, 5);
    expect(within(dialog).getByTestId('location-centre').textContent).toContain(lng!.toFixed(6));
    fireEvent.keyDown(map, { key: 'ArrowUp' });
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/around'))).toHaveLength(3));
    fireEvent.click(within(dialog).getByRole('button', { name: '放大' }));
    await waitFor(() => expect(pictures.at(-1)).toContain('zoom=17'));
    vi.unstubAllGlobals();
  });

  it('says so on the map when the service cannot draw it; with scope limiting a move stays within range', async () => {
    serveApi({
      'GET /api/system/Location/around': { status: '1', pois: [POI] },
      'GET /api/system/Location/staticmap': { code: 400, msg: '地图服务未配置' },
    });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { longitude: 116.404, latitude: 39.915 } } as GeolocationPosition),
      },
    });
    const field = locationField({ enableLocationScope: true, adjustmentScope: 100 });
    renderAdmin(<RendererHarness formData={formOf([field])} onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: /选择位置/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('地图无法显示：地图服务未配置')).toBeTruthy();
    // the keys still move the map: 60 px north at zoom 16 is about 110 m, beyond the 100 m range
    const map = within(dialog).getByRole('application', { name: '地图' });
    fireEvent.keyDown(map, { key: 'ArrowUp' });
    expect(feedback.warning).toHaveBeenCalledWith('超出微调范围');
    expect(within(dialog).getByTestId('location-centre').textContent).toContain('39.915000');
    // one zoom level in, the same step is half as far
    fireEvent.keyDown(map, { key: '+' });
    fireEvent.keyDown(map, { key: 'ArrowUp' });
    await waitFor(() => expect(within(dialog).getByTestId('location-centre').textContent).not.toContain('39.915000'));
    vi.unstubAllGlobals();
  });

  it('says when the maps service is not configured; a place comes from the list only, none is typed in', async () => {
    serveApi({ 'GET /api/system/Location/around': { code: 400, msg: '地图服务未配置' } });
    renderAdmin(<RendererHarness formData={formOf([locationField()])} onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: /选择位置/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/地图服务不可用：地图服务未配置/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('详细地址')).toBeNull();
    expect(within(dialog).queryByLabelText('经度')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '使用填写的位置' })).toBeNull();
    // confirm with nothing chosen
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(feedback.error).toHaveBeenCalledWith('请选择地址');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('reads the next 50 places when the list is scrolled within 50 px of its bottom, until a page is short', async () => {
    const poi = (i: number) => ({ ...POI, name: `地点${i}`, address: `街道${i}` });
    const { calls } = serveApi({
      'GET /api/system/Location/around': ({ url }: { url: string }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        const from = (page - 1) * 50;
        return { status: '1', pois: Array.from({ length: page === 1 ? 50 : 3 }, (_, i) => poi(from + i + 1)) };
      },
    });
    renderAdmin(<RendererHarness formData={formOf([locationField()])} onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: /选择位置/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('地点50');
    const around = () => calls.filter((c) => c.path.endsWith('/around'));
    expect(around()).toHaveLength(1);
    expect(around()[0]!.url).toContain('offset=50');
    expect(around()[0]!.url).toContain('page=1');
    const box = within(dialog).getByTestId('location-places');
    Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(box, 'clientHeight', { configurable: true, value: 200 });
    // 100 px from the bottom: not yet
    box.scrollTop = 700;
    fireEvent.scroll(box);
    await new Promise((r) => setTimeout(r, 50));
    expect(around()).toHaveLength(1);
    // 40 px from the bottom: page 2, added below page 1
    box.scrollTop = 760;
    fireEvent.scroll(box);
    await within(dialog).findByText('地点53');
    expect(around()).toHaveLength(2);
    expect(around()[1]!.url).toContain('page=2');
    expect(within(dialog).getAllByRole('option')).toHaveLength(53);
    // a short page was the last one
    fireEvent.scroll(box);
    await new Promise((r) => setTimeout(r, 50));
    expect(around()).toHaveLength(2);
  });

  it('warns 超出规定范围 for a place outside the allowed circles and keeps the dialog open', async () => {
    serveApi({ 'GET /api/system/Location/around': { status: '1', pois: [POI] } });
    const field = locationField({
      enableDesktopLocation: true,
      locationScope: [{ lng: 121.4737, lat: 31.2304, radius: 1000 }],
    });
    renderAdmin(<RendererHarness formData={formOf([field])} onSubmit={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: /选择位置/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('北京市东城区东长安街天安门'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(feedback.warning).toHaveBeenCalledWith('超出规定范围');
    expect(feedback.error).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('with autoLocation, fills an empty field with the nearest place around where the browser is', async () => {
    const { calls } = serveApi({ 'GET /api/system/Location/around': { status: '1', pois: [POI] } });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { longitude: 116.3975, latitude: 39.9092 } } as GeolocationPosition),
      },
    });
    const onSubmit = vi.fn();
    renderAdmin(<RendererHarness formData={formOf([locationField({ autoLocation: true })])} onSubmit={onSubmit} />);
    expect(await screen.findByText(/北京市东城区东长安街天安门/)).toBeTruthy();
    expect(calls[0]!.url).toContain('location=116.397500%2C39.909200');
    fireEvent.click(screen.getByText(SUBMIT));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(JSON.parse(onSubmit.mock.calls[0]![0].place)).toEqual(PLACE);
    vi.unstubAllGlobals();
  });

  it('refuses a stored place outside the circles on submit, naming the field as the server does', async () => {
    const onSubmit = vi.fn();
    const field = locationField({
      enableDesktopLocation: true,
      locationScope: [{ lng: 116.397455, lat: 39.909187, radius: 1000 }],
    });
    const far = JSON.stringify({ ...PLACE, lng: '121.4737', lat: '31.2304' });
    renderAdmin(<RendererHarness formData={formOf([field])} record={{ place: far }} onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByText(SUBMIT));
    expect(await screen.findByText('位置超出规定范围')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('location in the detail', () => {
  const detailOf = (display: Record<string, unknown>) =>
    renderAdmin(
      <RendererHarness formData={formOf([locationField()])} display={display} mode="detail" onSubmit={vi.fn()} />,
    );

  it('draws an 80×80 map of the stored point beside the address', async () => {
    const { fetchMock } = serveApi({});
    const serve = fetchMock.getMockImplementation()!;
    const pictures: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (!url.includes('/api/system/Location/staticmap')) return serve(input, init);
      pictures.push(url);
      return new Response(new Blob(['png']), { headers: { 'content-type': 'image/png' } });
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:thumb', revokeObjectURL: vi.fn() }));
    detailOf({ place: PLACE.fullAddress, place_id: JSON.stringify(PLACE) });
    expect(await screen.findByText(PLACE.fullAddress)).toBeTruthy();
    const picture = await screen.findByRole('img', { name: '位置地图' });
    expect(picture.getAttribute('src')).toBe('blob:thumb');
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['80', '80']);
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toContain('location=116.397455%2C39.909187&zoom=19&size=80*80');
    vi.unstubAllGlobals();
  });

  it('shows the address alone when the service cannot draw, or the value has no point', async () => {
    const { calls } = serveApi({ 'GET /api/system/Location/staticmap': { code: 400, msg: '地图服务未配置' } });
    const first = detailOf({ place: PLACE.fullAddress, place_id: JSON.stringify(PLACE) });
    expect(await screen.findByText(PLACE.fullAddress)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/staticmap'))).toBe(true));
    // the refusal came: still no picture, broken or not
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('img')).toBeNull();
    first.unmount();
    // only the text the server shows (no stored value beside it): no call for a picture
    const before = calls.length;
    detailOf({ place: '上海市人民广场' });
    expect(await screen.findByText('上海市人民广场')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(calls.slice(before).some((c) => c.path.endsWith('/staticmap'))).toBe(false);
  });
});

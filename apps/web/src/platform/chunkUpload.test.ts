// The chunk upload client against a fetch stand-in: how the file is cut and what each call carries, chunks the
// server already has, retries of lost chunks, the merge body, the result, and how failures come back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as NavigationModuleNamespace from './navigation';

vi.mock('./feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));
vi.mock('./navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof NavigationModuleNamespace>()),
  navigateTo: vi.fn(),
  currentAppPath: vi.fn(() => '/form/1'),
}));

const { feedback } = await import('./feedback');
const { navigateTo } = await import('./navigation');
const { setLanguage } = await import('./i18n');
const { getToken, setToken } = await import('./session');
const { wasNotified, RequestError } = await import('./request');
const { CHUNK_SIZE, fileUrl, MAX_CHUNK_RETRIES, uploadFile } = await import('./chunkUpload');

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** multipart fields, or the form-encoded body */
  fields: Record<string, string>;
  blob?: Blob;
}
type Answer = { code: number; msg?: string; data?: unknown } | 'network';

let calls: Call[] = [];
let answers: Record<string, (call: Call) => Answer> = {};
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const fields: Record<string, string> = {};
  let blob: Blob | undefined;
  if (init?.body instanceof FormData) {
    for (const [key, value] of init.body.entries()) {
      if (typeof value === 'string') fields[key] = value;
      else blob = value;
    }
  } else if (typeof init?.body === 'string') {
    for (const [key, value] of new URLSearchParams(init.body)) fields[key] = value;
  }
  const call: Call = {
    method,
    path: url.pathname,
    query: url.searchParams,
    headers: init?.headers as Record<string, string>,
    fields,
    blob,
  };
  calls.push(call);
  const handler = answers[`${method} ${url.pathname}`];
  const answer = handler ? handler(call) : { code: 404, msg: 'no mock' };
  if (answer === 'network') throw new TypeError('Failed to fetch');
  return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
});

const MERGED = {
  name: '20250101_0123456789abcdef0123456789abcdef.pdf',
  url: '/api/file/Image/annex/20250101_0123456789abcdef0123456789abcdef.pdf',
  fileSize: 2 * CHUNK_SIZE + 100,
  fileExtension: 'pdf',
};

/** a file of `size` bytes whose byte i is i mod 251, so every chunk's content is recognisable */
function makeFile(size: number, name = '季度报告.pdf') {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  return new File([bytes], name, { type: 'application/pdf' });
}

/** jsdom's Blob has no arrayBuffer(): read it the old way */
const readBlob = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

const chunkPosts = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/file/chunk');
const merges = () => calls.filter((c) => c.path === '/api/file/merge');

function serverStores(stored: number[] = []) {
  answers = {
    'GET /api/file/chunk': () => ({ code: 200, msg: 'Success', data: { chunkNumbers: stored, merge: false } }),
    'POST /api/file/chunk': () => ({ code: 200, msg: 'Success', data: { chunkNumbers: [], merge: false } }),
    'POST /api/file/merge': () => ({ code: 200, msg: 'Success', data: MERGED }),
  };
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  vi.mocked(feedback.error).mockClear();
  vi.mocked(navigateTo).mockClear();
  calls = [];
  serverStores();
  await setLanguage('zh');
  setToken('bearer abc.def');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadFile', () => {
  it('tests, sends every chunk with its parameters and bytes, merges form-encoded and answers the field value', async () => {
    const file = makeFile(2 * CHUNK_SIZE + 100);
    const progress: number[] = [];
    const value = await uploadFile(file, { onProgress: (p) => progress.push(p) });

    expect(value).toEqual({
      name: '季度报告.pdf',
      fileId: MERGED.name,
      fileSize: MERGED.fileSize,
      fileExtension: 'pdf',
      url: MERGED.url,
    });

    const [test] = calls;
    expect(test!.method).toBe('GET');
    expect(test!.path).toBe('/api/file/chunk');
    const identifier = test!.query.get('identifier')!;
    expect(identifier).toMatch(/^[0-9a-f]{32}$/);
    expect(Object.fromEntries(test!.query)).toMatchObject({
      chunkNumber: '1',
      chunkSize: String(CHUNK_SIZE),
      totalSize: String(file.size),
      totalChunks: '3',
      filename: '季度报告.pdf',
      extension: 'pdf',
      fileType: 'application/pdf',
    });

    const posts = chunkPosts().sort((a, b) => Number(a.fields.chunkNumber) - Number(b.fields.chunkNumber));
    expect(posts.map((p) => p.fields.chunkNumber)).toEqual(['1', '2', '3']);
    expect(posts.map((p) => p.fields.currentChunkSize)).toEqual([String(CHUNK_SIZE), String(CHUNK_SIZE), '100']);
    expect(posts.map((p) => p.blob!.size)).toEqual([CHUNK_SIZE, CHUNK_SIZE, 100]);
    for (const post of posts) {
      expect(post.fields).toMatchObject({ identifier, totalChunks: '3', totalSize: String(file.size) });
      expect(post.headers).toMatchObject({
        Authorization: 'bearer abc.def',
        'jnpf-origin': 'pc',
        'jnpf-language': 'zh',
      });
    }
    // the last chunk holds the file's last 100 bytes
    const last = await readBlob(posts[2]!.blob!);
    expect(Array.from(last.subarray(0, 3))).toEqual([0, 1, 2].map((k) => (2 * CHUNK_SIZE + k) % 251));

    const [merge] = merges();
    expect(merge!.method).toBe('POST');
    expect(merge!.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(merge!.headers.Authorization).toBe('bearer abc.def');
    expect(merge!.fields).toEqual({
      identifier,
      fileName: '季度报告.pdf',
      fileSize: String(file.size),
      fileType: 'application/pdf',
      extension: 'pdf',
      type: 'annex',
    });
    expect(calls.at(-1)).toBe(merge);

    expect(progress.at(-1)).toBe(100);
    expect(progress.slice(0, -1).every((p) => p < 100)).toBe(true);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('merges under the name without # (the value keeps the name as chosen)', async () => {
    const value = await uploadFile(makeFile(100, '第#1版#.pdf'));
    expect(merges()[0]!.fields.fileName).toBe('第1版.pdf');
    expect(value.name).toBe('第#1版#.pdf');
  });

  it('skips the chunks the test call lists and sends the picture type', async () => {
    serverStores([1, 3]);
    const progress: number[] = [];
    await uploadFile(makeFile(2 * CHUNK_SIZE + 100, 'photo.png'), {
      type: 'annexpic',
      onProgress: (p) => progress.push(p),
    });
    expect(chunkPosts().map((p) => p.fields.chunkNumber)).toEqual(['2']);
    expect(merges()[0]!.fields).toMatchObject({ type: 'annexpic', extension: 'png', fileName: 'photo.png' });
    // the stored chunks count from the start
    expect(progress[0]).toBe(Math.floor(((CHUNK_SIZE + 100) / (2 * CHUNK_SIZE + 100)) * 100));
  });

  it('sends every call under the identifier it is given (the content hash), to resume where it stopped', async () => {
    const identifier = '0123456789abcdef0123456789abcdef';
    serverStores([1, 2]);
    await uploadFile(makeFile(2 * CHUNK_SIZE + 100), { identifier });
    expect(calls.map((c) => c.query.get('identifier') ?? c.fields.identifier)).toEqual([
      identifier,
      identifier,
      identifier,
    ]);
    expect(chunkPosts().map((p) => p.fields.chunkNumber)).toEqual(['3']);
  });

  it('sends a small file as one chunk', async () => {
    await uploadFile(makeFile(10, 'a.txt'));
    expect(chunkPosts()).toHaveLength(1);
    expect(chunkPosts()[0]!.fields).toMatchObject({ chunkNumber: '1', totalChunks: '1', currentChunkSize: '10' });
  });

  it('retries a chunk the network lost, and gives up after five retries with 上传失败', async () => {
    let failures = 2;
    answers['POST /api/file/chunk'] = (call) =>
      call.fields.chunkNumber === '2' && failures-- > 0 ? 'network' : { code: 200, data: { merge: false } };
    await uploadFile(makeFile(2 * CHUNK_SIZE), { retryDelayMs: 0 });
    expect(chunkPosts().filter((p) => p.fields.chunkNumber === '2')).toHaveLength(3);
    expect(merges()).toHaveLength(1);

    calls = [];
    answers['POST /api/file/chunk'] = () => 'network';
    const error = await uploadFile(makeFile(100), { retryDelayMs: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as Error).message).toBe('上传失败');
    expect(chunkPosts()).toHaveLength(1 + MAX_CHUNK_RETRIES);
    expect(merges()).toHaveLength(0);
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it("rejects with the server's message, without retrying a refusal or showing it", async () => {
    answers['POST /api/file/chunk'] = () => ({ code: 400, msg: '上传失败，文件格式不允许上传' });
    const error = await uploadFile(makeFile(2 * CHUNK_SIZE + 1), { retryDelayMs: 0 }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('上传失败，文件格式不允许上传');
    expect((error as InstanceType<typeof RequestError>).code).toBe(400);
    expect(wasNotified(error)).toBe(false);
    expect(feedback.error).not.toHaveBeenCalled();
    // the first refusal stops the rest: at most the chunks already in flight went out, each once
    expect(new Set(chunkPosts().map((p) => p.fields.chunkNumber)).size).toBe(chunkPosts().length);
    expect(merges()).toHaveLength(0);

    serverStores();
    answers['GET /api/file/chunk'] = () => ({ code: 400, msg: '文件大小不能超过100MB' });
    await expect(uploadFile(makeFile(10))).rejects.toThrow('文件大小不能超过100MB');

    serverStores();
    answers['POST /api/file/merge'] = () => ({ code: 400, msg: '请上传图片' });
    await expect(uploadFile(makeFile(10, 'x.png'), { type: 'annexpic' })).rejects.toThrow('请上传图片');
  });

  it('ends the session on 600–602 like every call', async () => {
    answers['GET /api/file/chunk'] = () => ({ code: 602, msg: 'Token验证失败' });
    const error = await uploadFile(makeFile(10)).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Token验证失败');
    expect(wasNotified(error)).toBe(true);
    expect(feedback.error).toHaveBeenCalledWith('Token验证失败', 1.5);
    expect(getToken()).toBeFalsy();
    expect(navigateTo).toHaveBeenCalledWith(expect.stringContaining('/login'), { replace: true });
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    answers['POST /api/file/chunk'] = () => {
      controller.abort();
      return { code: 200, data: { merge: false } };
    };
    await expect(uploadFile(makeFile(3 * CHUNK_SIZE), { signal: controller.signal })).rejects.toThrow('aborted');
    expect(merges()).toHaveLength(0);
    await expect(uploadFile(makeFile(10), { signal: controller.signal })).rejects.toThrow('aborted');
  });
});

describe('fileUrl', () => {
  it('gives the browser address of a stored file, with a download name', () => {
    expect(fileUrl({ url: MERGED.url })).toBe(MERGED.url);
    expect(fileUrl(MERGED.url, '季度 报告.pdf')).toBe(`${MERGED.url}?name=${encodeURIComponent('季度 报告.pdf')}`);
    expect(fileUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });
});

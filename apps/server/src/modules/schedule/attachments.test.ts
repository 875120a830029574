// Schedule attachments over HTTP: upload (documents and pictures checked by their content), keep them in the
// schedule's `files`, read them back as the creator and as a participant but not as anyone else; a schedule
// cannot quote someone else's file; the refusals, and the size limit of the shared attachment routes on a small
// limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentRoutes } from '../../platform/attachments.js';
import { attachmentFiles } from '../file/index.js';
import { call, startTestServer, type TestServer } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { PNG, upload as uploadFiles } from '../../../test/kit/uploads.js';

const BASE = '/api/system/Schedule';
const SMALL_BASE = '/api/test/SmallAttachments';
type Stored = { name: string; url: string; fileSize: number; fileExtension: string };

let server: TestServer;
let owner: string;
let guest: { id: string; token: string };
let outsider: { id: string; token: string };

const upload = (bytes: Buffer, fileName: string, token: string | null, base = BASE) =>
  uploadFiles<Stored>(server, `${base}/Uploader`, [{ name: fileName, content: bytes }], { token });

const fetchFile = (url: string, token?: string) =>
  fetch(`${server.baseUrl}${url}`, { headers: token ? { authorization: token } : {} });

beforeAll(async () => {
  // a second pair of routes on a 1 MB limit, to see the size refusal without sending 20 MB
  server = await startTestServer({}, [
    {
      name: 'smallAttachments',
      routes: attachmentRoutes({
        base: SMALL_BASE,
        category: 'test',
        uploadPermission: 'signedIn',
        files: attachmentFiles,
        maxMb: 1,
      }),
    },
  ]);
  owner = (await signedInUser(server)).token;
  guest = await signedInUser(server);
  outsider = await signedInUser(server);
});

/** a schedule of the owner tomorrow with these participants and files */
const scheduleWith = (token: string, toUserIds: string[], files: unknown[]) => {
  const start = Date.now() + 86_400_000;
  return call<string>(server, 'POST', BASE, {
    token,
    json: {
      category: '1',
      urgent: '1',
      title: '带附件',
      allDay: 0,
      startDay: start,
      startTime: '09:00',
      endDay: start,
      endTime: '10:00',
      toUserIds,
      reminderTime: -2,
      repetition: '1',
      files: JSON.stringify(files),
    },
  });
};

afterAll(async () => {
  await server?.close();
});

describe('schedule attachments', () => {
  it('stores a document and a picture, keeps them on the schedule, serves them to a participant', async () => {
    const pdf = Buffer.from('%PDF-1.4 agenda');
    const doc = await upload(pdf, '议程.pdf', owner);
    expect(doc.code, doc.msg).toBe(200);
    expect(doc.data).toMatchObject({ fileSize: pdf.length, fileExtension: 'pdf' });
    expect(doc.data!.url).toBe(`${BASE}/File/${doc.data!.name}`);
    const picture = await upload(PNG, 'board.PNG', owner);
    expect(picture.data).toMatchObject({ fileExtension: 'png', fileSize: PNG.length });

    const files = [doc.data!, picture.data!].map((f, i) => ({
      name: i ? 'board.PNG' : '议程.pdf',
      fileId: f.name,
      fileSize: f.fileSize,
      fileExtension: f.fileExtension,
      url: f.url,
    }));
    const start = Date.now() + 86_400_000;
    const created = await call<string>(server, 'POST', BASE, {
      token: owner,
      json: {
        category: '1',
        urgent: '1',
        title: '带附件',
        allDay: 0,
        startDay: start,
        startTime: '09:00',
        endDay: start,
        endTime: '10:00',
        toUserIds: [guest.id],
        reminderTime: -2,
        repetition: '1',
        files: JSON.stringify(files),
      },
    });
    expect(created.code, created.msg).toBe(200);
    const detail = await call<{ files: string }>(server, 'GET', `${BASE}/detail`, {
      token: guest.token,
      query: { id: created.data!, groupId: '' },
    });
    expect(JSON.parse(detail.data!.files)).toEqual(files);

    const gotDoc = await fetchFile(doc.data!.url, guest.token);
    expect(gotDoc.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await gotDoc.arrayBuffer()).equals(pdf)).toBe(true);
    const gotPicture = await fetchFile(picture.data!.url, owner);
    expect(gotPicture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await gotPicture.arrayBuffer()).equals(PNG)).toBe(true);
    // someone taking no part in it does not, knowing the name or not
    expect((await call(server, 'GET', doc.data!.url, { token: outsider.token })).msg).toBe('数据不存在');
    expect((await call(server, 'GET', picture.data!.url, { token: outsider.token })).msg).toBe('数据不存在');
  });

  it('serves an attachment to the participants of the schedule holding it, until it is deleted', async () => {
    const pdf = Buffer.from('%PDF-1.4 minutes');
    const doc = await upload(pdf, 'minutes.pdf', owner);
    // before any schedule holds it, only its uploader reads it
    expect((await call(server, 'GET', doc.data!.url, { token: guest.token })).msg).toBe('数据不存在');
    const file = { name: 'minutes.pdf', fileId: doc.data!.name, url: doc.data!.url };
    const created = await scheduleWith(owner, [guest.id], [file]);
    expect(created.code, created.msg).toBe(200);
    const got = await fetchFile(doc.data!.url, guest.token);
    expect(Buffer.from(await got.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await call(server, 'GET', doc.data!.url, { token: outsider.token })).msg).toBe('数据不存在');
    // the outsider cannot make it theirs by naming it in a schedule of their own
    const stolen = await scheduleWith(outsider.token, [], [file]);
    expect(stolen.msg).toBe('附件不存在或无权使用，请重新上传');
    expect((await call(server, 'GET', doc.data!.url, { token: outsider.token })).msg).toBe('数据不存在');
    // the participant may quote it (they read it), the schedule deleted they no longer read it
    expect((await call(server, 'DELETE', `${BASE}/${created.data!}/3`, { token: owner })).code).toBe(200);
    expect((await call(server, 'GET', doc.data!.url, { token: guest.token })).msg).toBe('数据不存在');
    expect((await fetchFile(doc.data!.url, owner)).status).toBe(200);
  });

  it('refuses files of other types, fake pictures, empty files, callers without a token and unknown names', async () => {
    expect((await upload(Buffer.from('<script>'), 'page.html', owner)).msg).toBe('上传失败，文件格式不允许上传');
    expect((await upload(Buffer.from('MZ'), 'tool.exe', owner)).msg).toBe('上传失败，文件格式不允许上传');
    expect((await upload(Buffer.from('%PDF'), 'fake.png', owner)).msg).toBe('请选择图片文件');
    expect((await upload(Buffer.alloc(0), 'empty.pdf', owner)).msg).toBe('请选择文件');
    expect((await upload(Buffer.from('%PDF'), 'x.pdf', null)).code).toBe(602);

    const stored = await upload(Buffer.from('%PDF'), 'x.pdf', owner);
    const anonymous = await fetchFile(stored.data!.url);
    expect(((await anonymous.json()) as { code: number }).code).toBe(602);
    expect((await call(server, 'GET', `${BASE}/File/..%2Fsecret.pdf`, { token: owner })).msg).toBe('数据不存在');
    expect((await call(server, 'GET', `${BASE}/File/20250101_0f3a.pdf`, { token: owner })).msg).toBe('数据不存在');
    // a schedule's files are not reachable under another record's category, nor the other way round
    expect((await call(server, 'GET', `/api/message/Notice/File/${stored.data!.name}`, { token: owner })).msg).toBe(
      '数据不存在',
    );
  });

  it('refuses a file over the limit, in the caller language', async () => {
    const big = Buffer.alloc(1024 * 1024 + 1, 0x41);
    expect((await upload(big, 'big.txt', owner, SMALL_BASE)).msg).toBe('文件大小不能超过1MB');
    const justUnder = await upload(big.subarray(0, 1024 * 1024), 'ok.txt', owner, SMALL_BASE);
    expect(justUnder.code, justUnder.msg).toBe(200);
  });
});

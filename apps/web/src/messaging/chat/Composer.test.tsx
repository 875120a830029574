import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAdmin } from '../../components/admin/testUtils';
import { feedback } from '../../platform/feedback';
import type { Frame } from '../../platform/realtime';
import { Composer } from './Composer';
import { MAX_CHAT_IMAGE_BYTES } from './imageCheck';

vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const sent = vi.hoisted(() => [] as Frame[]);
vi.mock('../../platform/realtime', () => ({
  sendFrame: (frame: Frame) => {
    sent.push(frame);
    return true;
  },
}));

const UPLOAD = '/api/file/Uploader/IM';
let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  sent.length = 0;
  vi.mocked(feedback.error).mockClear();
  api = mockApi().on('POST', UPLOAD, ok({ name: 'abc.png', url: '/api/file/Image/IM/abc.png' }, '操作成功'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function choose(files: File[]) {
  fireEvent.change(screen.getByTestId('chat-picture-input'), { target: { files } });
}

describe('chat picture upload', () => {
  it('refuses what is not a picture, with the message, uploading nothing', async () => {
    renderAdmin(<Composer peerId="u1" />);
    choose([new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('只能上传图片'));
    expect(api.calls).toHaveLength(0);
    expect(sent).toHaveLength(0);
  });

  it('refuses a picture of 5,242,880 bytes or more with “图片大小不能超过5M”', async () => {
    renderAdmin(<Composer peerId="u1" />);
    choose([new File([new Uint8Array(MAX_CHAT_IMAGE_BYTES)], 'big.png', { type: 'image/png' })]);
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('图片大小不能超过5M'));
    expect(api.calls).toHaveLength(0);
  });

  it('takes one picture at a time', async () => {
    renderAdmin(<Composer peerId="u1" />);
    const png = () => new File([new Uint8Array(10)], 'a.png', { type: 'image/png' });
    choose([png(), png()]);
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('一次只能上传一张图片'));
    expect(api.calls).toHaveLength(0);
  });

  it('uploads a picture under the limit and sends it as an image message', async () => {
    renderAdmin(<Composer peerId="u1" />);
    choose([new File([new Uint8Array(MAX_CHAT_IMAGE_BYTES - 1)], 'ok.png', { type: 'image/png' })]);
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'SendMessage',
          toUserId: 'u1',
          messageType: 'image',
          // jsdom cannot decode pictures: the size is unknown there
          messageContent: { name: 'abc.png', width: 0, height: 0 },
        },
      ]),
    );
    expect(api.callsTo('POST', UPLOAD)).toHaveLength(1);
  });

  it('shows the server’s refusal and sends nothing', async () => {
    api.on('POST', UPLOAD, { code: 400, msg: '只能上传图片（png、jpg、gif、webp、bmp）' });
    renderAdmin(<Composer peerId="u1" />);
    choose([new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })]);
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('只能上传图片（png、jpg、gif、webp、bmp）', 1.5));
    expect(sent).toHaveLength(0);
    // the button is usable again
    await waitFor(() => expect(screen.getByTestId('chat-picture').className).not.toContain('loading'));
  });
});

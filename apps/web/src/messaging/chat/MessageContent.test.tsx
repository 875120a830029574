import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../../components/admin/testUtils';
import { MessageBody } from './MessageContent';
import type { ChatMessage } from './types';

vi.setConfig({ testTimeout: 60_000 });

const media = (path: string, extra: Partial<ChatMessage['media']> = {}) => ({
  path,
  width: 400,
  height: 200,
  length: 0,
  ...extra,
});

let fetchMock: ReturnType<typeof vi.fn>;
const created: string[] = [];
const revoked: string[] = [];
beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
  fetchMock = vi.fn(
    async (input: RequestInfo | URL) =>
      new Response('bytes', {
        headers: { 'Content-Type': String(input).endsWith('.mp4') ? 'video/mp4' : 'image/png' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:test/${created.length}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('message bodies', () => {
  it('shows text as text: markup stays visible characters, emoji tokens become emoji', () => {
    const message: ChatMessage = {
      id: '1',
      sendUserId: 'u',
      sendTime: 1,
      contentType: 'text',
      text: '&lt;img src=x onerror=alert(1)&gt; [e:200]',
      media: null,
    };
    const { container } = renderAdmin(<MessageBody message={message} />);
    // the only image is the emoji's picture: the text's markup never became an element
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual(['❤️']);
    expect(screen.getByText('<img src=x onerror=alert(1)>', { exact: false })).toBeTruthy();
    expect(screen.getByRole('img', { name: '❤️' }).getAttribute('src')).toMatch(/2764.*\.svg/);
  });

  it('loads a picture with the token, shows it from a blob scaled to fit, and revokes the blob when it goes', async () => {
    const message: ChatMessage = {
      id: '2',
      sendUserId: 'u',
      sendTime: 1,
      contentType: 'image',
      text: '',
      media: media('/api/file/Image/IM/p.png'),
    };
    const view = renderAdmin(<MessageBody message={message} />);
    const image = await screen.findByRole('img', { name: '聊天图片' });
    expect(image.getAttribute('src')).toBe('blob:test/0');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['200', '100']);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/file/Image/IM/p.png');
    expect((init.headers as Record<string, string>).Authorization).toBe('bearer test');
    view.unmount();
    expect(revoked).toEqual(['blob:test/0']);
  });

  it('a voice clip opens the playback dialog, the clip loaded with the token', async () => {
    const user = userEvent.setup();
    const message: ChatMessage = {
      id: '3',
      sendUserId: 'u',
      sendTime: 1,
      contentType: 'voice',
      text: '',
      media: media('/api/file/Image/IM/v.mp3', { length: 7 }),
    };
    renderAdmin(<MessageBody message={message} />);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /语音 7″/ }));
    await screen.findByText('播放');
    const player = await screen.findByTestId('chat-player');
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toMatch(/^blob:test\//);
  });

  it('a clip whose file turns out to be video plays as video; an unreadable file says so', async () => {
    const user = userEvent.setup();
    const clip = (path: string): ChatMessage => ({
      id: path,
      sendUserId: 'u',
      sendTime: 1,
      contentType: 'voice',
      text: '',
      media: media(path, { length: 3 }),
    });
    const view = renderAdmin(<MessageBody message={clip('/api/file/Image/IM/c.mp4')} />);
    await user.click(screen.getByRole('button', { name: /语音 3″/ }));
    expect((await screen.findByTestId('chat-player')).tagName).toBe('VIDEO');
    view.unmount();

    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 400, msg: 'x' }), { headers: { 'Content-Type': 'application/json' } }),
    );
    renderAdmin(<MessageBody message={clip('/api/file/Image/IM/gone.mp3')} />);
    await user.click(screen.getByRole('button', { name: /语音 3″/ }));
    await waitFor(() => expect(screen.getByText('无法加载该文件')).toBeTruthy());
  });
});

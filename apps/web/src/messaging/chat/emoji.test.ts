import { describe, expect, it } from 'vitest';
import {
  decodeHtmlEntities,
  EMOJI_FIRST_CODE,
  EMOJI_LAST_CODE,
  EMOJI_LIST,
  emojiOf,
  emojiTextToPlain,
  emojiToken,
  parseEmojiText,
} from './emoji';
import { emojiImageUrl, twemojiName } from './emojiImages';
import { isServedFilePath, parseMedia } from './types';

/** what the server does to text before storing it (im/frames.ts escapeHtml) */
const serverEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

describe('emoji table', () => {
  it('has the 120 codes 100 … 219, each its own emoji', () => {
    expect(EMOJI_LIST).toHaveLength(120);
    expect(EMOJI_LIST.map((e) => e.code)).toEqual(
      Array.from({ length: EMOJI_LAST_CODE - EMOJI_FIRST_CODE + 1 }, (_, i) => EMOJI_FIRST_CODE + i),
    );
    expect(new Set(EMOJI_LIST.map((e) => e.character)).size).toBe(120);
    expect(emojiOf(99)).toBeUndefined();
    expect(emojiOf(220)).toBeUndefined();
  });

  it('has a picture for every emoji, named as Twemoji names its files', () => {
    expect(EMOJI_LIST.filter((e) => !emojiImageUrl(e.character)).map((e) => e.character)).toEqual([]);
    expect(new Set(EMOJI_LIST.map((e) => emojiImageUrl(e.character))).size).toBe(120);
    expect(twemojiName('❤️')).toBe('2764');
    expect(twemojiName('😀')).toBe('1f600');
    expect(emojiImageUrl('🦄')).toBeUndefined();
  });
});

describe('emoji tokens', () => {
  it('round-trips: a token written into text comes back as its emoji', () => {
    for (const { code, character } of EMOJI_LIST) {
      const text = `a${emojiToken(code)}b`;
      expect(parseEmojiText(text)).toEqual([
        { kind: 'text', text: 'a' },
        { kind: 'emoji', code, character },
        { kind: 'text', text: 'b' },
      ]);
    }
    expect(emojiToken(123)).toBe('[e:123]');
  });

  it('leaves unknown codes and look-alikes as text', () => {
    expect(parseEmojiText('[e:99][e:220][e:1000][e:abc][e:100')).toEqual([
      { kind: 'text', text: '[e:99][e:220][e:1000][e:abc][e:100' },
    ]);
    expect(parseEmojiText('')).toEqual([]);
  });

  it('survives the server’s escaping: text with markup and emoji reads as typed, never as markup', () => {
    const typed = `<b>hi</b> & "you" ${emojiToken(100)}${emojiToken(186)} it's &lt;`;
    const shown = decodeHtmlEntities(serverEscape(typed));
    expect(shown).toBe(typed);
    expect(emojiTextToPlain(shown)).toBe(`<b>hi</b> & "you" ${emojiOf(100)}${emojiOf(186)} it's &lt;`);
  });

  it('decodes in one pass and leaves unknown entities alone', () => {
    expect(decodeHtmlEntities('&amp;lt; &#x41;&#66; &nbsp; &bogus;')).toBe('&lt; AB &nbsp; &bogus;');
  });
});

describe('media of messages', () => {
  it('loads only files the server serves, never another address with the token', () => {
    expect(parseMedia('{"path":"/api/file/Image/IM/a1.png","width":10,"height":20}')).toEqual({
      path: '/api/file/Image/IM/a1.png',
      width: 10,
      height: 20,
      length: 0,
    });
    expect(parseMedia({ path: 'https://evil.example/x.png' })).toBeNull();
    expect(isServedFilePath('//evil.example/api/file/x')).toBe(false);
    expect(isServedFilePath('/api/file/Image/IM/../../oauth/Logout')).toBe(false);
    expect(parseMedia('not json')).toBeNull();
  });
});

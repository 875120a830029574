// For tests of screens holding the rich-text editor: jsdom lays nothing out and has no beforeinput, so text goes in
// through the editor's own commands, as ProseMirror's input handling would put it.
import { act } from '@testing-library/react';
import type { Editor } from '@tiptap/react';

/** the Tiptap editor behind an editable element the editor rendered (Tiptap hangs it on the element) */
export function tiptapOf(element: HTMLElement): Editor {
  const editor = (element as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error('not a rich-text editor');
  return editor;
}

/** replaces the editor's content as a user's writing would: the form hears of it */
export function writeRichText(element: HTMLElement, html: string): void {
  act(() => {
    tiptapOf(element).commands.setContent(html, { emitUpdate: true });
  });
}

/** how long a test waits for the editor's chunk to load the first time */
export const EDITOR_LOAD_TIMEOUT = { timeout: 15_000 };

/**
 * loads the editor's chunk once (so that a screen's first look for it does not time out) and gives jsdom the
 * measurements ProseMirror asks for when it scrolls the caret into view (jsdom lays nothing out)
 */
export async function prepareRichTextEditor(): Promise<void> {
  await import('./TiptapEditor');
  const rect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) });
  Range.prototype.getBoundingClientRect = rect as () => DOMRect;
  Range.prototype.getClientRects = (() => ({
    length: 0,
    item: () => null,
    [Symbol.iterator]: [][Symbol.iterator],
  })) as unknown as () => DOMRectList;
  document.elementFromPoint = () => null;
}

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

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Editor } from '@tiptap/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../platform/i18n';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';

vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  void i18n.changeLanguage('zh');
  // the editor is loaded on demand: loaded once here, so that each test's first look for it does not time out
  await import('./TiptapEditor');
  // ProseMirror measures the caret to scroll it into view; jsdom lays nothing out
  const rect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) });
  Range.prototype.getBoundingClientRect = rect as () => DOMRect;
  Range.prototype.getClientRects = (() => ({
    length: 0,
    item: () => null,
    [Symbol.iterator]: [][Symbol.iterator],
  })) as unknown as () => DOMRectList;
  document.elementFromPoint = () => null;
  // loading Tiptap and ProseMirror into jsdom took over 10 s on a loaded two-core machine
}, 60_000);

function Harness({
  initial = '',
  onChange,
  ...rest
}: { initial?: string; onChange: (html: string) => void } & Omit<RichTextEditorProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        value={value}
        aria-label="内容"
        placeholder="请输入"
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
        {...rest}
      />
      <button type="button" onClick={() => setValue('<p>从服务器载入</p>')}>
        load
      </button>
    </>
  );
}

const editor = () => screen.findByRole('textbox', { name: '内容' });

/** the Tiptap editor behind the editable element (Tiptap hangs it on its element) */
const tiptapOf = async () => ((await editor()) as unknown as { editor: Editor }).editor;

/** types into the editor: jsdom has no beforeinput, so the text goes in as ProseMirror's input handling puts it */
async function type(text: string) {
  const tiptap = await tiptapOf();
  act(() => {
    tiptap.commands.insertContent(text);
  });
}

/** selects the text of the editor's (only) block, as a user would drag over it */
async function selectAll() {
  const tiptap = await tiptapOf();
  act(() => {
    tiptap.commands.setTextSelection({ from: 1, to: tiptap.state.doc.content.size - 1 });
  });
}

describe('RichTextEditor (Tiptap)', () => {
  it('takes in only the allowed part of a value: nothing of it runs', async () => {
    const pwned = vi.fn();
    Object.assign(window, { pwned });
    render(
      <Harness
        initial={
          '<p onclick="pwned()">正文<b>重点</b><img src="x" onerror="pwned()"><script>pwned()</script><a href="javascript:pwned()">链接</a></p>'
        }
        onChange={vi.fn()}
      />,
    );
    const html = (await editor()).innerHTML;
    expect(html).toContain('正文<strong>重点</strong>');
    expect(html).not.toMatch(/onclick|onerror|<script|javascript/);
    expect(pwned).not.toHaveBeenCalled();
  });

  it('reports the HTML of what is written, and nothing for an emptied editor', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await type('第一段');
    expect(onChange).toHaveBeenLastCalledWith('<p>第一段</p>');
    await selectAll();
    const tiptap = await tiptapOf();
    act(() => {
      tiptap.commands.deleteSelection();
    });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('formats through the toolbar: bold, lists, headings, alignment, size and colour', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<Harness initial="<p>通知</p>" onChange={onChange} />);
    await selectAll();
    await user.click(await screen.findByRole('button', { name: '加粗' }));
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>通知</strong></p>');
    await user.click(screen.getByRole('button', { name: '段落格式' }));
    await user.click(await screen.findByText('标题 2'));
    expect(onChange).toHaveBeenLastCalledWith('<h2><strong>通知</strong></h2>');
    await user.click(screen.getByRole('button', { name: '居中' }));
    expect(onChange).toHaveBeenLastCalledWith('<h2 style="text-align: center;"><strong>通知</strong></h2>');
    await selectAll();
    await user.click(screen.getByRole('combobox', { name: '字号' }));
    await user.click(await screen.findByTitle('24px'));
    expect(onChange).toHaveBeenLastCalledWith(
      '<h2 style="text-align: center;"><span style="font-size: 24px;"><strong>通知</strong></span></h2>',
    );
    await selectAll();
    await user.click(screen.getByRole('button', { name: '文字颜色' }));
    await user.click(await screen.findByRole('button', { name: '#f5222d' }));
    expect(onChange).toHaveBeenLastCalledWith(
      '<h2 style="text-align: center;"><span style="color: rgb(245, 34, 45); font-size: 24px;"><strong>通知</strong></span></h2>',
    );
    await user.click(screen.getByRole('button', { name: '段落格式' }));
    await user.click(await screen.findByRole('menuitem', { name: '正文' }));
    await user.click(screen.getByRole('button', { name: '无序列表' }));
    expect(onChange.mock.lastCall![0]).toMatch(
      /^<ul><li><p( style="text-align: center;")?><span style="color: rgb\(245, 34, 45\); font-size: 24px;"><strong>通知<\/strong><\/span><\/p><\/li>/,
    );
  });

  it('undoes and redoes', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<Harness initial="<p>通知</p>" onChange={onChange} />);
    await selectAll();
    await user.click(await screen.findByRole('button', { name: '加粗' }));
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>通知</strong></p>');
    await user.click(screen.getByRole('button', { name: '撤销' }));
    expect(onChange).toHaveBeenLastCalledWith('<p>通知</p>');
    await user.click(screen.getByRole('button', { name: '重做' }));
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>通知</strong></p>');
  });

  it('inserts a table and grows it by a row', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<Harness initial="<p>表</p>" onChange={onChange} />);
    await user.click(await screen.findByRole('button', { name: '表格' }));
    await user.click(await screen.findByText('插入表格（3×3）'));
    const html = onChange.mock.lastCall![0] as string;
    expect(html.match(/<tr>/g)).toHaveLength(3);
    expect(html.match(/<th>/g)).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: '表格' }));
    await user.click(await screen.findByText('在下方插入行'));
    expect((onChange.mock.lastCall![0] as string).match(/<tr>/g)).toHaveLength(4);
  });

  it('shows a value set from outside (the stored body) and keeps its own while typing', async () => {
    const onChange = vi.fn();
    render(<Harness initial="<p>已保存</p>" onChange={onChange} />);
    expect((await editor()).innerHTML).toBe('<p>已保存</p>');
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(async () => expect((await editor()).innerHTML).toBe('<p>从服务器载入</p>'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('inserts a link only to a web or mail address', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<Harness initial="<p>官网</p>" onChange={onChange} />);
    await selectAll();
    await user.click(await screen.findByRole('button', { name: '插入链接' }));
    const address = await screen.findByRole('textbox', { name: '链接地址' });
    await user.clear(address);
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入以 http://、https:// 或 mailto: 开头的地址')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(address);
    await user.type(address, 'https://example.com/a');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/a">官网</a></p>',
      ),
    );
  });

  it('uploads a chosen picture through the given upload and refuses a file that is not one', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const onChange = vi.fn();
    const uploadImage = vi.fn(async () => 'https://cdn.example/a.png');
    render(<Harness initial="<p>图</p>" onChange={onChange} uploadImage={uploadImage} />);
    const input = await screen.findByTestId('rich-text-image-input');
    await user.upload(input, new File(['MZ'], 'run.exe'));
    expect(await screen.findByText('请上传图片')).toBeTruthy();
    expect(uploadImage).not.toHaveBeenCalled();
    await user.upload(input, new File(['png'], '照片.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(onChange.mock.lastCall?.[0]).toContain('<img src="https://cdn.example/a.png" alt="照片.png">'),
    );
    expect(uploadImage).toHaveBeenCalledTimes(1);
  });

  it('in read-only mode shows the content without a toolbar and takes no input', async () => {
    render(<Harness initial="<p>只读</p>" onChange={vi.fn()} readOnly />);
    const element = await editor();
    expect(element.getAttribute('contenteditable')).toBe('false');
    expect(element.getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(element.textContent).toBe('只读');
  });

  it('cleans what is pasted to the allow-list', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const element = await editor();
    act(() => element.focus());
    const data: Record<string, string> = {
      'text/html':
        '<p class="MsoNormal" style="mso-line-height:1;color:red" onclick="x()">粗<b>体</b><script>alert(1)</script><o:p></o:p></p>',
      'text/plain': '粗体',
    };
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.assign(paste, { clipboardData: { getData: (type: string) => data[type] ?? '', types: Object.keys(data) } });
    act(() => {
      element.dispatchEvent(paste);
    });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = onChange.mock.lastCall![0] as string;
    expect(html).toContain('粗<strong>体</strong>');
    expect(html).not.toMatch(/Mso|mso-|onclick|script|alert/);
  });
});

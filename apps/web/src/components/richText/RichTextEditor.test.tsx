import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../platform/i18n';
import { RichTextEditor } from './RichTextEditor';

vi.setConfig({ testTimeout: 30_000 });

type Exec = (command: string, showUi?: boolean, value?: string) => boolean;
/** jsdom has no editing commands: a test gives the document the ones it needs */
const setExecCommand = (exec: Exec) =>
  Object.defineProperty(document, 'execCommand', { value: exec, configurable: true, writable: true });

afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
});

function Harness({ initial = '', onChange }: { initial?: string; onChange: (html: string) => void }) {
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
      />
      <button type="button" onClick={() => setValue('<p>从服务器载入</p>')}>
        load
      </button>
    </>
  );
}

const editor = () => screen.getByRole('textbox', { name: '内容' });

/** selects everything in the editor, as a user would before pressing a button */
function selectAll() {
  const range = document.createRange();
  range.selectNodeContents(editor());
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

describe('RichTextEditor', () => {
  it('takes in only the allowed part of a value: nothing of it runs', () => {
    const onerror = vi.fn();
    Object.assign(window, { pwned: onerror });
    render(
      <Harness
        initial={
          '<p onclick="pwned()">正文<b>重点</b><img src="x" onerror="pwned()"><script>pwned()</script><a href="javascript:pwned()">链接</a><img src="/api/a.png"></p>'
        }
        onChange={vi.fn()}
      />,
    );
    const html = editor().innerHTML;
    expect(html).toContain('正文<b>重点</b>');
    expect(html).not.toMatch(/onclick|onerror|script|javascript/);
    expect(editor().querySelectorAll('img')).toHaveLength(1);
    expect(onerror).not.toHaveBeenCalled();
  });

  it('reports the HTML of what is written, and nothing for an emptied editor', () => {
    void i18n.changeLanguage('zh');
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    editor().innerHTML = '<p>第一段 <b>重点</b></p>';
    fireEvent.input(editor());
    expect(onChange).toHaveBeenLastCalledWith('<p>第一段 <b>重点</b></p>');
    editor().innerHTML = '<p><br></p>';
    fireEvent.input(editor());
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(editor().innerHTML).toBe('');
  });

  it('formats through the toolbar: bold, lists, headings produce their HTML', async () => {
    const user = userEvent.setup({ delay: null });
    const calls: [string, string | undefined][] = [];
    // the browser's editing commands, reduced to what they do to a selected paragraph
    setExecCommand((command, _ui, value) => {
      calls.push([command, value]);
      const el = editor();
      const text = el.textContent ?? '';
      if (command === 'bold') el.innerHTML = `<b>${text}</b>`;
      if (command === 'insertUnorderedList') el.innerHTML = `<ul><li>${text}</li></ul>`;
      if (command === 'formatBlock') el.innerHTML = `<${value!.slice(1, -1)}>${text}</${value!.slice(1, -1)}>`;
      return true;
    });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    editor().textContent = '通知';
    fireEvent.input(editor());
    selectAll();
    await user.click(screen.getByRole('button', { name: '加粗' }));
    expect(onChange).toHaveBeenLastCalledWith('<b>通知</b>');
    await user.click(screen.getByRole('button', { name: '无序列表' }));
    expect(onChange).toHaveBeenLastCalledWith('<ul><li>通知</li></ul>');
    await user.click(screen.getByRole('button', { name: '段落格式' }));
    await user.click(await screen.findByText('标题 2'));
    expect(onChange).toHaveBeenLastCalledWith('<h2>通知</h2>');
    expect(calls.map(([c]) => c)).toEqual(['bold', 'insertUnorderedList', 'formatBlock']);
  });

  it('pastes plain text only: no markup, styles or scripts come in', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    editor().focus();
    const data: Record<string, string> = {
      'text/html': '<b style="color:red">粗体</b><script>alert(1)</script>',
      'text/plain': '第一行\n第二行 <i>不是标签</i>',
    };
    const pasted = fireEvent.paste(editor(), { clipboardData: { getData: (type: string) => data[type] ?? '' } });
    expect(pasted).toBe(false); // the browser's own paste was prevented
    expect(editor().innerHTML).toBe('第一行<br>第二行 &lt;i&gt;不是标签&lt;/i&gt;');
    expect(editor().querySelector('b, script, i')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith('第一行<br>第二行 &lt;i&gt;不是标签&lt;/i&gt;');
  });

  it('shows a value set from outside (the stored body) and keeps its own while typing', () => {
    const onChange = vi.fn();
    render(<Harness initial="<p>已保存</p>" onChange={onChange} />);
    expect(editor().innerHTML).toBe('<p>已保存</p>');
    editor().innerHTML = '<p>已保存，继续写</p>';
    fireEvent.input(editor());
    expect(editor().innerHTML).toBe('<p>已保存，继续写</p>');
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    expect(editor().innerHTML).toBe('<p>从服务器载入</p>');
  });

  it('inserts a link only to a web or mail address', async () => {
    const user = userEvent.setup({ delay: null });
    const calls: [string, string | undefined][] = [];
    setExecCommand((command, _ui, value) => {
      calls.push([command, value]);
      if (command === 'createLink') editor().innerHTML = `<a href="${value}">${editor().textContent}</a>`;
      return true;
    });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    editor().textContent = '官网';
    fireEvent.input(editor());
    selectAll();
    await user.click(screen.getByRole('button', { name: '插入链接' }));
    const address = await screen.findByRole('textbox', { name: '链接地址' });
    await user.clear(address);
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入以 http://、https:// 或 mailto: 开头的地址')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.clear(address);
    await user.type(address, 'https://example.com/a');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls).toEqual([['createLink', 'https://example.com/a']]));
    expect(onChange).toHaveBeenLastCalledWith('<a href="https://example.com/a">官网</a>');
  });
});

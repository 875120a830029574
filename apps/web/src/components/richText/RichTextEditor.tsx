// A small rich-text editor (notice bodies, online-form editor fields) on the browser's contentEditable: bold,
// italic, underline, bulleted and numbered lists, links and headings; anything pasted or dropped arrives as plain text, so no
// foreign markup or styles come in. The HTML it produces is only a draft: the server sanitises it, and what
// is shown back is what the server stored. Used as a form control (value / onChange).
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Input, Popover, Space, Tooltip } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './RichTextEditor.module.css';
import { richTextDomNodes } from './SafeRichText';
import { editorTexts } from './texts';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
  /** set by the form item when its rules fail */
  status?: 'error' | 'warning' | '';
}

type InlineCommand = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList';
const INLINE: InlineCommand[] = ['bold', 'italic', 'underline', 'insertUnorderedList', 'insertOrderedList'];
const BLOCKS = ['p', 'h1', 'h2', 'h3'] as const;
type Block = (typeof BLOCKS)[number];

const SAFE_LINK = /^(https?:\/\/|mailto:)\S+$/i;

/** the editor's HTML, or '' when it holds nothing a reader would see */
export function editorHtml(element: HTMLElement): string {
  const visible = (element.textContent ?? '').trim() !== '' || element.querySelector('img,hr') !== null;
  return visible ? element.innerHTML : '';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** runs an editing command when the browser has one; false when it has not (jsdom, very old browsers) */
function exec(command: string, value?: string): boolean {
  const run = (document as Document & { execCommand?: Document['execCommand'] }).execCommand;
  if (typeof run !== 'function') return false;
  return run.call(document, command, false, value);
}

/** puts text at the caret (or over the selection) inside `root`, as text nodes and line breaks */
function insertTextAtCaret(root: HTMLElement, text: string) {
  const selection = window.getSelection();
  let range: Range;
  if (selection && selection.rangeCount > 0 && root.contains(selection.getRangeAt(0).commonAncestorContainer)) {
    range = selection.getRangeAt(0);
    range.deleteContents();
  } else {
    range = document.createRange();
    range.selectNodeContents(root);
    range.collapse(false);
  }
  const fragment = document.createDocumentFragment();
  const lines = text.split(/\r\n|\r|\n/);
  let last: Node | null = null;
  lines.forEach((line, index) => {
    if (index > 0) fragment.appendChild((last = document.createElement('br')));
    if (line) fragment.appendChild((last = document.createTextNode(line)));
  });
  range.insertNode(fragment);
  if (last && selection) {
    const after = document.createRange();
    after.setStartAfter(last);
    after.collapse(true);
    selection.removeAllRanges();
    selection.addRange(after);
  }
}

export function RichTextEditor({ value, onChange, id, placeholder, status, ...rest }: RichTextEditorProps) {
  const t = editorTexts.useText();
  const editor = useRef<HTMLDivElement>(null);
  /** the last HTML this editor reported, so that its own value coming back does not reset the caret */
  const reported = useRef<string | undefined>(undefined);
  /** the selection inside the editor, kept while a toolbar popover has the focus */
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<Partial<Record<InlineCommand, boolean>>>({});
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');
  const [linkError, setLinkError] = useState(false);

  // a value set from outside (the record loaded, the form reset) replaces the content
  useEffect(() => {
    const element = editor.current;
    if (!element) return;
    const next = value ?? '';
    if (next !== reported.current) {
      // the value may come from anywhere (a design's default, an old record): only its allowed part goes in
      element.replaceChildren(...richTextDomNodes(next));
      reported.current = next;
    }
  }, [value]);

  const report = useCallback(() => {
    const element = editor.current;
    if (!element) return;
    const html = editorHtml(element);
    // an editor emptied by the user keeps no stray <br> behind, so the placeholder shows again
    if (html === '' && element.innerHTML !== '') element.innerHTML = '';
    reported.current = html;
    onChange?.(html);
  }, [onChange]);

  const refreshActive = useCallback(() => {
    const query = (document as Document & { queryCommandState?: Document['queryCommandState'] }).queryCommandState;
    const element = editor.current;
    const selection = window.getSelection();
    if (typeof query !== 'function' || !element || !selection?.rangeCount) return;
    if (!element.contains(selection.anchorNode)) return;
    setActive(Object.fromEntries(INLINE.map((command) => [command, query.call(document, command)])));
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refreshActive);
    return () => document.removeEventListener('selectionchange', refreshActive);
  }, [refreshActive]);

  const rememberSelection = () => {
    const selection = window.getSelection();
    const element = editor.current;
    savedRange.current =
      selection && selection.rangeCount > 0 && element?.contains(selection.getRangeAt(0).commonAncestorContainer)
        ? selection.getRangeAt(0).cloneRange()
        : null;
  };

  const restoreSelection = () => {
    const element = editor.current;
    if (!element) return;
    element.focus();
    const range = savedRange.current;
    const selection = window.getSelection();
    if (range && selection) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
  };

  const command = (name: string, argument?: string) => {
    editor.current?.focus();
    exec(name, argument);
    report();
    refreshActive();
  };

  const insertPlain = (text: string) => {
    const element = editor.current;
    if (!element || !text) return;
    // insertText keeps the browser's undo history; without it the text goes in by hand
    if (!exec('insertText', text)) insertTextAtCaret(element, text);
    report();
  };

  const applyLink = () => {
    const url = linkUrl.trim();
    if (!SAFE_LINK.test(url)) {
      setLinkError(true);
      return;
    }
    restoreSelection();
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed) exec('createLink', url);
    else exec('insertHTML', `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
    setLinkOpen(false);
    report();
  };

  const tool = (key: string, label: string, icon: ReactNode, onClick: () => void, pressed?: boolean) => (
    <Tooltip title={label} key={key}>
      <Button
        type={pressed ? 'primary' : 'text'}
        ghost={pressed}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={pressed ?? undefined}
        // keeps the selection in the text while the button is pressed
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );

  const blockLabels: Record<Block, string> = {
    p: t('paragraph'),
    h1: t('heading1'),
    h2: t('heading2'),
    h3: t('heading3'),
  };

  return (
    <div className={`${styles.editor} ${status === 'error' ? styles.error : ''}`}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('toolbar')}>
        <Space size={2} wrap>
          <Dropdown
            trigger={['click']}
            menu={{
              items: BLOCKS.map((block) => ({ key: block, label: blockLabels[block] })),
              onClick: ({ key }) => {
                restoreSelection();
                command('formatBlock', `<${key}>`);
              },
            }}
          >
            <Button
              type="text"
              size="small"
              aria-label={t('heading')}
              onMouseDown={(event) => {
                event.preventDefault();
                rememberSelection();
              }}
            >
              {t('heading')}
            </Button>
          </Dropdown>
          {tool('bold', t('bold'), <BoldOutlined />, () => command('bold'), active.bold)}
          {tool('italic', t('italic'), <ItalicOutlined />, () => command('italic'), active.italic)}
          {tool('underline', t('underline'), <UnderlineOutlined />, () => command('underline'), active.underline)}
          {tool(
            'ul',
            t('bulletList'),
            <UnorderedListOutlined />,
            () => command('insertUnorderedList'),
            active.insertUnorderedList,
          )}
          {tool(
            'ol',
            t('numberList'),
            <OrderedListOutlined />,
            () => command('insertOrderedList'),
            active.insertOrderedList,
          )}
          <Popover
            open={linkOpen}
            trigger="click"
            onOpenChange={(open) => {
              if (open) {
                rememberSelection();
                setLinkUrl('https://');
                setLinkError(false);
              }
              setLinkOpen(open);
            }}
            content={
              <Space orientation="vertical" size={6} style={{ width: 280 }}>
                <Input
                  autoFocus
                  aria-label={t('linkUrl')}
                  value={linkUrl}
                  status={linkError ? 'error' : undefined}
                  onChange={(event) => {
                    setLinkUrl(event.target.value);
                    setLinkError(false);
                  }}
                  onPressEnter={(event) => {
                    event.preventDefault();
                    applyLink();
                  }}
                />
                {linkError && <span className={styles.linkError}>{t('linkInvalid')}</span>}
                <Space>
                  <Button size="small" onClick={() => setLinkOpen(false)}>
                    {t('cancel')}
                  </Button>
                  <Button size="small" type="primary" onClick={applyLink}>
                    {t('insertLink')}
                  </Button>
                </Space>
              </Space>
            }
          >
            <Tooltip title={t('link')}>
              <Button
                type="text"
                size="small"
                icon={<LinkOutlined />}
                aria-label={t('link')}
                onMouseDown={(event) => event.preventDefault()}
              />
            </Tooltip>
          </Popover>
        </Space>
      </div>
      <div
        ref={editor}
        id={id}
        className={styles.content}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={rest['aria-label']}
        aria-invalid={status === 'error' || undefined}
        data-placeholder={placeholder}
        onInput={report}
        onBlur={report}
        onKeyUp={refreshActive}
        onPaste={(event) => {
          event.preventDefault();
          insertPlain(event.clipboardData.getData('text/plain'));
        }}
        onDrop={(event) => {
          event.preventDefault();
          const text = event.dataTransfer.getData('text/plain');
          if (text) {
            editor.current?.focus();
            insertPlain(text);
          }
        }}
      />
    </div>
  );
}

// The rich-text editor itself (Tiptap on ProseMirror), loaded on demand by RichTextEditor: headings, font sizes
// 12–72 px, colours, alignment, lists, links, tables, pictures through the platform's upload, undo/redo and the
// usual keyboard shortcuts (Ctrl/⌘+B, I, U, Z, Shift+Z, Alt+1…3). What is pasted or dropped, and a value set from
// outside, is cut to the server's allow-list first; the server sanitises every write again.
import {
  BgColorsOutlined,
  BoldOutlined,
  ClearOutlined,
  DisconnectOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  LoadingOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  AlignLeftOutlined,
  AlignCenterOutlined,
  AlignRightOutlined,
  MenuOutlined,
} from '@ant-design/icons';
import { IMAGE_EXTENSIONS, PRINT_FIELD_CLASS, RICH_TEXT_FONT_SIZES } from '@jnpf/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import {
  EditorContent,
  mergeAttributes,
  Node,
  NodeViewWrapper,
  ReactNodeViewRenderer,
  useEditor,
  useEditorState,
  type Editor,
  type ReactNodeViewProps,
} from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Dropdown, Input, Popover, Select, Space, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { extensionOf, useAttachmentImage } from '../attachments/files';
import { uploadFile } from '../../platform/chunkUpload';
import { REQUEST_ERROR_TOAST_SECONDS } from '../../platform/config';
import { feedback } from '../../platform/feedback';
import { cleanRichTextHtml } from './cleanHtml';
import type { RichTextEditorProps } from './RichTextEditor';
import styles from './RichTextEditor.module.css';
import { editorTexts } from './texts';

const SAFE_LINK = /^(https?:\/\/|mailto:)\S+$/i;
const BLOCKS = ['paragraph', 'heading1', 'heading2', 'heading3'] as const;
type Block = (typeof BLOCKS)[number];
/** the colours offered beside the free choice (antd's palette) */
export const TEXT_COLORS = [
  '#000000',
  '#595959',
  '#8c8c8c',
  '#f5222d',
  '#fa541c',
  '#fa8c16',
  '#fadb14',
  '#52c41a',
  '#13c2c2',
  '#1677ff',
  '#2f54eb',
  '#722ed1',
  '#eb2f96',
];

/** a picture in the editor: our own files need the token, so they are fetched and shown from memory */
function EditorImageView({ node, selected }: ReactNodeViewProps) {
  const src = typeof node.attrs.src === 'string' ? node.attrs.src : '';
  const alt = typeof node.attrs.alt === 'string' ? node.attrs.alt : '';
  const image = useAttachmentImage(src);
  return (
    <NodeViewWrapper className={`${styles.image} ${selected ? styles.imageSelected : ''}`} data-drag-handle="">
      {image.src ? <img src={image.src} alt={alt} /> : <span className={styles.imageHint}>{alt || src}</span>}
    </NodeViewWrapper>
  );
}

const EditorImage = Image.extend({
  addNodeView() {
    return ReactNodeViewRenderer(EditorImageView);
  },
});

/** a print-template placeholder: one uneditable chip holding {field}, its list and field in data-tag */
const PrintField = Node.create({
  name: 'printField',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      tag: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-tag') ?? '',
        renderHTML: (attrs) => ({ 'data-tag': attrs.tag as string }),
      },
      field: {
        default: '',
        parseHTML: (el) => (el.textContent ?? '').trim().replace(/^\{|\}$/g, ''),
        renderHTML: () => ({}),
      },
      title: {
        default: null,
        parseHTML: (el) => el.getAttribute('title'),
        renderHTML: (attrs) => (attrs.title ? { title: attrs.title as string } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-tag]', priority: 100 }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes({ class: PRINT_FIELD_CLASS }, HTMLAttributes), `{${node.attrs.field as string}}`];
  },
  renderText({ node }) {
    return `{${node.attrs.field as string}}`;
  },
});

function extensions(placeholder: string | undefined, printFields: boolean) {
  return [
    ...(printFields ? [PrintField] : []),
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      code: false,
      codeBlock: false,
      link: {
        openOnClick: false,
        autolink: true,
        protocols: ['mailto'],
        isAllowedUri: (url) => SAFE_LINK.test(url),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
      },
    }),
    TextStyle,
    Color,
    FontSize,
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    TableKit.configure({ table: { resizable: false } }),
    EditorImage.configure({ inline: false, allowBase64: true }),
    Placeholder.configure({ placeholder: placeholder ?? '' }),
  ];
}

/**
 * the editor's HTML, or '' when it holds nothing a reader would see; without the empty paragraph the editor keeps
 * after a last heading, table or picture (so that the caret can get below it)
 */
export function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, '');
}

/** the default picture upload: the general chunked upload, pictures only (the server checks the content) */
async function uploadToFiles(file: File): Promise<string> {
  return (await uploadFile(file, { type: 'annexpic' })).url;
}

const heightOf = (height: number | undefined) =>
  height === undefined ? 400 : Number.isFinite(height) && height > 0 ? height : 300;

export default function TiptapEditor({
  value,
  onChange,
  id,
  placeholder,
  status,
  readOnly = false,
  height,
  uploadImage = uploadToFiles,
  printFields = false,
  onReady,
  'aria-label': ariaLabel,
}: RichTextEditorProps) {
  const clean = useMemo(() => (html: string) => cleanRichTextHtml(html, { printFields }), [printFields]);
  const t = editorTexts.useText();
  /** the last HTML this editor reported, so that its own value coming back does not reset the caret */
  const reported = useRef(value ?? '');
  const changed = useRef(onChange);
  changed.current = onChange;
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');
  const [linkError, setLinkError] = useState(false);

  const editor = useEditor({
    extensions: useMemo(() => extensions(placeholder, printFields), [placeholder, printFields]),
    content: clean(value ?? ''),
    editable: !readOnly,
    editorProps: {
      attributes: {
        class: styles.content!,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        ...(id ? { id } : {}),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
      },
      transformPastedHTML: clean,
    },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      reported.current = html;
      changed.current?.(html);
    },
  });

  // a value set from outside (the record loaded, the form reset) replaces the content
  useEffect(() => {
    const next = value ?? '';
    if (!editor || next === reported.current) return;
    reported.current = next;
    editor.commands.setContent(clean(next), { emitUpdate: false });
  }, [value, editor, clean]);

  const ready = useRef(onReady);
  ready.current = onReady;
  useEffect(() => {
    if (!editor) return;
    ready.current?.({ insertHtml: (html) => editor.chain().focus().insertContent(clean(html)).run() });
    return () => ready.current?.(null);
  }, [editor, clean]);

  useEffect(() => {
    editor?.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e && {
        bold: e.isActive('bold'),
        italic: e.isActive('italic'),
        underline: e.isActive('underline'),
        strike: e.isActive('strike'),
        bulletList: e.isActive('bulletList'),
        orderedList: e.isActive('orderedList'),
        link: e.isActive('link'),
        table: e.isActive('table'),
        align: (['left', 'center', 'right', 'justify'] as const).find((a) => e.isActive({ textAlign: a })),
        block: (e.isActive('heading', { level: 1 })
          ? 'heading1'
          : e.isActive('heading', { level: 2 })
            ? 'heading2'
            : e.isActive('heading', { level: 3 })
              ? 'heading3'
              : 'paragraph') as Block,
        fontSize: (e.getAttributes('textStyle').fontSize as string | undefined) ?? null,
        color: (e.getAttributes('textStyle').color as string | undefined) ?? null,
        canUndo: e.can().undo(),
        canRedo: e.can().redo(),
      },
  });

  const chain = () => editor!.chain().focus();

  const setBlock = (block: Block) => {
    const next =
      block === 'paragraph'
        ? chain().setParagraph()
        : chain().setHeading({ level: Number(block.slice(-1)) as 1 | 2 | 3 });
    // a new block type starts without attributes: the alignment stays as it was
    (state?.align ? next.setTextAlign(state.align) : next).run();
  };

  const openLink = (open: boolean) => {
    if (open) {
      setLinkUrl((editor?.getAttributes('link').href as string | undefined) ?? 'https://');
      setLinkError(false);
    }
    setLinkOpen(open);
  };

  const applyLink = () => {
    const url = linkUrl.trim();
    if (!SAFE_LINK.test(url)) {
      setLinkError(true);
      return;
    }
    if (editor!.state.selection.empty && !editor!.isActive('link'))
      chain()
        .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] })
        .run();
    else chain().extendMarkRange('link').setLink({ href: url }).run();
    setLinkOpen(false);
  };

  const insertImage = async (file: File) => {
    if (!IMAGE_EXTENSIONS.includes(extensionOf(file.name))) {
      feedback.error(t('imageOnly'), REQUEST_ERROR_TOAST_SECONDS);
      return;
    }
    setUploading((n) => n + 1);
    try {
      const src = await uploadImage(file);
      editor?.chain().focus().setImage({ src, alt: file.name }).run();
    } catch (error) {
      // the upload's own message (the server's "please upload an image", the quota) is shown once
      const message = error instanceof Error && error.message ? error.message : t('imageOnly');
      feedback.error(message, REQUEST_ERROR_TOAST_SECONDS);
    } finally {
      setUploading((n) => n - 1);
    }
  };

  /** a toolbar button; its name is the label, its tooltip adds the keyboard shortcut */
  const tool = (
    key: string,
    label: string,
    icon: ReactNode,
    onClick: () => void,
    options: { pressed?: boolean; disabled?: boolean; keys?: string } = {},
  ) => (
    <Tooltip title={options.keys ? `${label} (${options.keys})` : label} key={key}>
      <Button
        type={options.pressed ? 'primary' : 'text'}
        ghost={options.pressed}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={options.pressed ?? undefined}
        disabled={options.disabled}
        // keeps the selection in the text while the button is pressed
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );

  const blockLabels: Record<Block, string> = {
    paragraph: t('paragraph'),
    heading1: t('heading1'),
    heading2: t('heading2'),
    heading3: t('heading3'),
  };

  const colorPanel = (
    <div className={styles.colors}>
      {TEXT_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          className={styles.swatch}
          style={{ background: color }}
          aria-label={color}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => chain().setColor(color).run()}
        />
      ))}
      <input
        type="color"
        aria-label={t('color')}
        className={styles.colorInput}
        value={state?.color && /^#[0-9a-f]{6}$/i.test(state.color) ? state.color : '#000000'}
        onChange={(event) => chain().setColor(event.target.value).run()}
      />
      <Button size="small" type="link" onClick={() => chain().unsetColor().run()}>
        {t('colorClear')}
      </Button>
    </div>
  );

  const toolbar = editor && state && (
    <div className={styles.toolbar} role="toolbar" aria-label={t('toolbar')}>
      <Space size={2} wrap separator={<Divider orientation="vertical" className={styles.divider} />}>
        <Space size={2}>
          {tool('undo', t('undo'), <UndoOutlined />, () => chain().undo().run(), {
            disabled: !state.canUndo,
            keys: 'Ctrl+Z',
          })}
          {tool('redo', t('redo'), <RedoOutlined />, () => chain().redo().run(), {
            disabled: !state.canRedo,
            keys: 'Ctrl+Shift+Z',
          })}
        </Space>
        <Space size={2}>
          <Dropdown
            trigger={['click']}
            menu={{
              items: BLOCKS.map((block) => ({ key: block, label: blockLabels[block] })),
              selectedKeys: [state.block],
              onClick: ({ key }) => setBlock(key as Block),
            }}
          >
            <Button type="text" size="small" aria-label={t('heading')} onMouseDown={(e) => e.preventDefault()}>
              {blockLabels[state.block]}
            </Button>
          </Dropdown>
          <Select
            size="small"
            variant="borderless"
            aria-label={t('fontSize')}
            className={styles.fontSize}
            suffixIcon={<FontSizeOutlined />}
            placeholder={t('fontSize')}
            value={state.fontSize ?? undefined}
            allowClear
            popupMatchSelectWidth={false}
            options={RICH_TEXT_FONT_SIZES.map((size) => ({ value: `${size}px`, label: `${size}px` }))}
            onChange={(size?: string) => (size ? chain().setFontSize(size).run() : chain().unsetFontSize().run())}
          />
        </Space>
        <Space size={2}>
          {tool('bold', t('bold'), <BoldOutlined />, () => chain().toggleBold().run(), {
            pressed: state.bold,
            keys: 'Ctrl+B',
          })}
          {tool('italic', t('italic'), <ItalicOutlined />, () => chain().toggleItalic().run(), {
            pressed: state.italic,
            keys: 'Ctrl+I',
          })}
          {tool('underline', t('underline'), <UnderlineOutlined />, () => chain().toggleUnderline().run(), {
            pressed: state.underline,
            keys: 'Ctrl+U',
          })}
          {tool('strike', t('strike'), <StrikethroughOutlined />, () => chain().toggleStrike().run(), {
            pressed: state.strike,
            keys: 'Ctrl+Shift+S',
          })}
          <Popover trigger="click" content={colorPanel}>
            <Tooltip title={t('color')}>
              <Button
                type="text"
                size="small"
                aria-label={t('color')}
                onMouseDown={(e) => e.preventDefault()}
                icon={<BgColorsOutlined style={state.color ? { color: state.color } : undefined} />}
              />
            </Tooltip>
          </Popover>
        </Space>
        <Space size={2}>
          {tool('left', t('alignLeft'), <AlignLeftOutlined />, () => chain().setTextAlign('left').run(), {
            pressed: state.align === 'left',
          })}
          {tool('center', t('alignCenter'), <AlignCenterOutlined />, () => chain().setTextAlign('center').run(), {
            pressed: state.align === 'center',
          })}
          {tool('right', t('alignRight'), <AlignRightOutlined />, () => chain().setTextAlign('right').run(), {
            pressed: state.align === 'right',
          })}
          {tool('justify', t('alignJustify'), <MenuOutlined />, () => chain().setTextAlign('justify').run(), {
            pressed: state.align === 'justify',
          })}
        </Space>
        <Space size={2}>
          {tool('ul', t('bulletList'), <UnorderedListOutlined />, () => chain().toggleBulletList().run(), {
            pressed: state.bulletList,
            keys: 'Ctrl+Shift+8',
          })}
          {tool('ol', t('numberList'), <OrderedListOutlined />, () => chain().toggleOrderedList().run(), {
            pressed: state.orderedList,
            keys: 'Ctrl+Shift+7',
          })}
        </Space>
        <Space size={2}>
          <Popover
            trigger="click"
            open={linkOpen}
            onOpenChange={openLink}
            content={
              <Space orientation="vertical" size={6}>
                <Input
                  autoFocus
                  aria-label={t('linkUrl')}
                  value={linkUrl}
                  status={linkError ? 'error' : ''}
                  onChange={(event) => {
                    setLinkUrl(event.target.value);
                    setLinkError(false);
                  }}
                  onPressEnter={applyLink}
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
                type={state.link ? 'primary' : 'text'}
                ghost={state.link}
                size="small"
                icon={<LinkOutlined />}
                aria-label={t('link')}
                onMouseDown={(e) => e.preventDefault()}
              />
            </Tooltip>
          </Popover>
          {state.link &&
            tool('unlink', t('unlink'), <DisconnectOutlined />, () =>
              chain().extendMarkRange('link').unsetLink().run(),
            )}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'insert', label: t('tableInsert'), disabled: state.table },
                { type: 'divider' },
                { key: 'rowAfter', label: t('tableRowAfter'), disabled: !state.table },
                { key: 'columnAfter', label: t('tableColumnAfter'), disabled: !state.table },
                { key: 'rowDelete', label: t('tableRowDelete'), disabled: !state.table },
                { key: 'columnDelete', label: t('tableColumnDelete'), disabled: !state.table },
                { key: 'delete', label: t('tableDelete'), disabled: !state.table, danger: true },
              ],
              onClick: ({ key }) => {
                const run = {
                  insert: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
                  rowAfter: () => chain().addRowAfter().run(),
                  columnAfter: () => chain().addColumnAfter().run(),
                  rowDelete: () => chain().deleteRow().run(),
                  columnDelete: () => chain().deleteColumn().run(),
                  delete: () => chain().deleteTable().run(),
                }[key];
                run?.();
              },
            }}
          >
            <Tooltip title={t('table')}>
              <Button
                type="text"
                size="small"
                icon={<TableOutlined />}
                aria-label={t('table')}
                onMouseDown={(e) => e.preventDefault()}
              />
            </Tooltip>
          </Dropdown>
          {tool(
            'image',
            uploading ? t('imageUploading') : t('image'),
            uploading ? <LoadingOutlined /> : <PictureOutlined />,
            () => fileInput.current?.click(),
          )}

          {tool('clear', t('clear'), <ClearOutlined />, () => chain().unsetAllMarks().clearNodes().run())}
        </Space>
      </Space>
    </div>
  );

  return (
    <div
      className={`${styles.editor} ${status === 'error' ? styles.error : ''} ${readOnly ? styles.readOnly : ''}`}
      style={{ ['--editor-height' as string]: `${heightOf(height)}px` }}
    >
      {!readOnly && toolbar}
      {!readOnly && (
        <input
          ref={fileInput}
          type="file"
          style={{ display: 'none' }}
          data-testid="rich-text-image-input"
          accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void insertImage(file);
          }}
        />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

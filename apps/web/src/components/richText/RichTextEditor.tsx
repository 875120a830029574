// The rich-text editor (notice bodies, online-form editor fields) as a form control (value / onChange). The editor
// itself (TiptapEditor, on Tiptap/ProseMirror) is large and only some screens need it, so it is loaded when first
// shown: the sign-in page and the shell never carry it. The HTML it produces is only a draft: the server
// sanitises it, and what is shown back is what the server stored.
import { lazy, Suspense } from 'react';
import styles from './RichTextEditor.module.css';
import { editorTexts } from './texts';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
  /** set by the form item when its rules fail */
  status?: 'error' | 'warning' | '';
  /** shows the content without a toolbar and takes no input */
  readOnly?: boolean;
  /** the editing area's height in px (400; 300 when the given one is not a positive number) */
  height?: number;
  /** stores a chosen picture and answers its address; by default the general upload (pictures only) */
  uploadImage?: (file: File) => Promise<string>;
  /** keeps print-template placeholders (shown as chips that move as one character) */
  printFields?: boolean;
  /** gets a handle to insert into the text at the caret, once the editor is ready (null when it goes) */
  onReady?: (handle: RichTextHandle | null) => void;
}

export interface RichTextHandle {
  /** inserts HTML (kept to the allow-list) at the caret */
  insertHtml: (html: string) => void;
}

const TiptapEditor = lazy(() => import('./TiptapEditor'));

function Loading({ height }: { height?: number }) {
  const t = editorTexts.useText();
  return (
    <div className={styles.editor} aria-busy="true">
      <div className={styles.loading} style={{ minHeight: height && height > 0 ? height : 400 }}>
        {t('loading')}
      </div>
    </div>
  );
}

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Loading height={props.height} />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}

// A code editor with highlighting (CodeMirror 6) for SQL, JSON and JavaScript. It is only reached from the
// lazily loaded interface editor, so CodeMirror stays out of the sign-in and shell bundles. `inserter`
// receives a function that inserts text at the cursor (parameters and system variables).
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { MySQL, PostgreSQL, sql } from '@codemirror/lang-sql';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo, type MutableRefObject } from 'react';

export type CodeLanguage = 'sql' | 'mysql' | 'json' | 'javascript' | 'text';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: CodeLanguage;
  /** the editor's accessible name */
  label: string;
  height?: string;
  readOnly?: boolean;
  inserter?: MutableRefObject<((text: string) => void) | null>;
}

function languageOf(language: CodeLanguage): Extension[] {
  switch (language) {
    case 'sql':
      return [sql({ dialect: PostgreSQL })];
    case 'mysql':
      return [sql({ dialect: MySQL })];
    case 'json':
      return [json()];
    case 'javascript':
      return [javascript()];
    default:
      return [];
  }
}

export default function CodeEditor({
  value,
  onChange,
  language,
  label,
  height = '320px',
  readOnly = false,
  inserter,
}: CodeEditorProps) {
  const extensions = useMemo(
    () => [...languageOf(language), EditorView.lineWrapping, EditorView.contentAttributes.of({ 'aria-label': label })],
    [language, label],
  );
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror
        value={value}
        height={height}
        extensions={extensions}
        readOnly={readOnly}
        basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly }}
        onChange={onChange}
        onCreateEditor={(view) => {
          if (!inserter) return;
          inserter.current = (text) => {
            const { from, to } = view.state.selection.main;
            view.dispatch({
              changes: { from, to, insert: text },
              selection: { anchor: from + text.length },
              scrollIntoView: true,
            });
            view.focus();
          };
        }}
      />
    </div>
  );
}

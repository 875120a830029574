// The rich-text field (jnpfKey editor): the shared editor in forms; in details the stored HTML, which the server
// sanitised, shown through the safe viewer (never as raw HTML).
import { RichTextEditor } from '../components/richText/RichTextEditor';
import { SafeRichText } from '../components/richText/SafeRichText';
import { widgetTexts } from './texts';
import type { InputWidgetProps } from './types';

export function EditorWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  return (
    <RichTextEditor
      id={id}
      value={typeof value === 'string' ? value : ''}
      onChange={onChange}
      placeholder={field.placeholder ?? widgetTexts.text('inputPlaceholder')}
      aria-label={field.__config__.label}
      readOnly={disabled === true || field.disabled === true}
    />
  );
}

export function EditorDetail({ html }: { html: unknown }) {
  return <SafeRichText html={typeof html === 'string' ? html : ''} />;
}

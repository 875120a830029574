// The pattern checks of a text field (__config__.regList): rows of a regular expression and the message
// shown when a value does not match. A pattern that does not compile is marked at once.
import type { FieldConfig } from '@jnpf/core';
import { Input } from 'antd';
import { AddRowButton, RemoveRowButton } from './rowButtons';
import styles from './designer.module.css';
import { designerTexts } from './texts';
import { compilePattern } from './validate';
import { PanelItem } from '../../../../widgets/panel/PanelItem';

type Rule = { pattern: string; message: string };

export function RegListEditor({ field, onChange }: { field: FieldConfig; onChange: (field: FieldConfig) => void }) {
  const t = designerTexts.useText();
  const rules: Rule[] = field.__config__.regList ?? [];
  const setRules = (regList: Rule[]) => onChange({ ...field, __config__: { ...field.__config__, regList } });
  return (
    <PanelItem label={t('regList')}>
      <div role="list" aria-label={t('regList')}>
        {rules.map((rule, index) => (
          <div key={index} role="listitem" className={styles.propRow}>
            <Input
              aria-label={`${t('pattern')} ${index + 1}`}
              placeholder="/^\d+$/"
              status={rule.pattern && !compilePattern(rule.pattern) ? 'error' : undefined}
              value={rule.pattern}
              onChange={(event) =>
                setRules(rules.map((r, i) => (i === index ? { ...r, pattern: event.target.value } : r)))
              }
            />
            <Input
              aria-label={`${t('patternMessage')} ${index + 1}`}
              placeholder={t('patternMessage')}
              value={rule.message}
              onChange={(event) =>
                setRules(rules.map((r, i) => (i === index ? { ...r, message: event.target.value } : r)))
              }
            />
            <RemoveRowButton
              label={`${t('removeRule')} ${index + 1}`}
              onClick={() => setRules(rules.filter((_r, i) => i !== index))}
            />
          </div>
        ))}
      </div>
      <AddRowButton onClick={() => setRules([...rules, { pattern: '', message: '' }])}>{t('addRule')}</AddRowButton>
    </PanelItem>
  );
}

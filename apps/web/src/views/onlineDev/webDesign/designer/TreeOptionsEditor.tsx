// The static options of a cascader or tree select: a tree of rows (name and value), each with "add a child
// option" and remove; options at the top are added below. Values are unique across the whole tree.
import { SubnodeOutlined } from '@ant-design/icons';
import type { FieldOption } from '@jnpf/core';
import { Input } from 'antd';
import styles from './designer.module.css';
import { flattenOptions } from './model';
import { nextOptionId } from './OptionsEditor';
import { AddRowButton, RemoveRowButton, RowButton } from './rowButtons';
import { designerTexts } from './texts';

/** the tree with the option at `path` (indexes from the top) replaced by `change(option)`, or removed (null) */
export function changeOption(
  options: readonly FieldOption[],
  path: readonly number[],
  change: (option: FieldOption) => FieldOption | null,
): FieldOption[] {
  const [index, ...rest] = path;
  return options.flatMap((option, i) => {
    if (i !== index) return [option];
    if (!rest.length) {
      const changed = change(option);
      return changed ? [changed] : [];
    }
    const children = changeOption(option.children ?? [], rest, change);
    return [children.length ? { ...option, children } : { fullName: option.fullName, id: option.id }];
  });
}

export function TreeOptionsEditor({
  options,
  onChange,
}: {
  options: FieldOption[];
  onChange: (options: FieldOption[]) => void;
}) {
  const t = designerTexts.useText();
  const fresh = () => {
    const id = nextOptionId(flattenOptions(options));
    return { fullName: t('option', { n: id }), id };
  };
  const rows = (list: readonly FieldOption[], path: number[], depth: number): React.ReactNode[] =>
    list.flatMap((option, index) => {
      const at = [...path, index];
      const name = at.map((i) => i + 1).join('.');
      const set = (patch: Partial<FieldOption>) => onChange(changeOption(options, at, (o) => ({ ...o, ...patch })));
      return [
        <div key={`row-${name}`} role="listitem" className={styles.propRow} style={{ paddingLeft: depth * 16 }}>
          <Input
            aria-label={`${t('optionLabel')} ${name}`}
            placeholder={t('optionLabel')}
            value={option.fullName}
            onChange={(event) => set({ fullName: event.target.value })}
          />
          <Input
            aria-label={`${t('optionValue')} ${name}`}
            placeholder={t('optionValue')}
            value={option.id}
            onChange={(event) => set({ id: event.target.value })}
          />
          <RowButton
            icon={<SubnodeOutlined />}
            label={`${t('addChildOption')} ${name}`}
            onClick={() =>
              onChange(changeOption(options, at, (o) => ({ ...o, children: [...(o.children ?? []), fresh()] })))
            }
          />
          <RemoveRowButton
            label={`${t('removeOption')} ${name}`}
            onClick={() => onChange(changeOption(options, at, () => null))}
          />
        </div>,
        ...rows(option.children ?? [], at, depth + 1),
      ];
    });
  return (
    <>
      <div role="list" aria-label={t('options')}>
        {rows(options, [], 0)}
      </div>
      <AddRowButton onClick={() => onChange([...options, fresh()])}>{t('addOption')}</AddRowButton>
    </>
  );
}

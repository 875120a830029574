// The options of a field read from a data interface (dataType 'dynamic'): the interface (from the interfaces
// under their categories), the result fields that give each option's name, value and (trees) children (read
// from the interface), and where each of the interface's parameters takes its value: another field of the
// form, a literal, nothing, or a system variable (templateJson).
import type { ComponentType, ReactNode } from 'react';
import {
  dataFields,
  isSubTableKey,
  subTableColumns,
  isTreeOptionKey,
  PARAM_SOURCE,
  PARAM_VARIABLES,
  type FieldConfig,
  type InterfaceParamBinding,
} from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, Select, TreeSelect } from 'antd';
import { http } from '../../../../platform/request';
import styles from './designer.module.css';
import { designerTexts } from './texts';
import { PanelItem } from '../../../../widgets/panel/PanelItem';

const DI = '/api/system/DataInterface';

const VARIABLE_TEXTS = {
  '@userId': 'variable_userId',
  '@userAndSubordinates': 'variable_userAndSubordinates',
  '@organizeId': 'variable_organizeId',
  '@organizationAndSuborganization': 'variable_organizationAndSuborganization',
  '@positionId': 'variable_positionId',
  '@formId': 'variable_formId',
  '@currentTime': 'variable_currentTime',
} as const;

interface SelectorNode {
  id: string;
  fullName: string;
  category: string;
  children?: SelectorNode[];
}

interface InterfaceParam {
  field: string;
  fieldName?: string;
  dataType?: string;
  required?: number;
  defaultValue?: unknown;
}

interface InterfaceNode {
  value: string;
  title: string;
  selectable: boolean;
  children?: InterfaceNode[];
}

/** the interfaces under their categories; categories cannot be chosen */
function asTree(nodes: readonly SelectorNode[]): InterfaceNode[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    selectable: n.category === '1',
    ...(n.children?.length ? { children: asTree(n.children) } : {}),
  }));
}

/** the bindings of an interface's parameters: those kept from before by name, the others a literal default */
export function bindingsFor(
  params: readonly InterfaceParam[],
  kept: readonly InterfaceParamBinding[] | undefined,
): InterfaceParamBinding[] {
  return params.map((p) => {
    const before = kept?.find((b) => b.field === p.field);
    return {
      field: p.field,
      fieldName: p.fieldName ?? p.field,
      dataType: p.dataType ?? 'varchar',
      required: p.required ?? 0,
      sourceType: before?.sourceType ?? PARAM_SOURCE.literal,
      relationField: before?.relationField ?? '',
      defaultValue: before?.defaultValue ?? p.defaultValue ?? '',
    };
  });
}

/** the interfaces under their categories, read once for every picker of the panel */
function useInterfaceTree() {
  const selector = useQuery({
    queryKey: ['dataInterfaceSelector'],
    queryFn: async () => (await http.get<SelectorNode[]>(`${DI}/Selector`)).data ?? [],
    staleTime: 60_000,
  });
  return { treeData: asTree(selector.data ?? []), loading: selector.isLoading };
}

/**
 * the data interface chosen for a field: a tree of the interfaces under their categories, in a property panel's
 * row (or in the row `Item` gives: the list design's form)
 */
export function InterfacePicker({
  id,
  value,
  onSelect,
  Item = PanelItem,
}: {
  id: string;
  value: string;
  onSelect: (id: string, name: string) => void;
  Item?: ComponentType<{ label: ReactNode; htmlFor: string; children: ReactNode }>;
}) {
  const t = designerTexts.useText();
  const { treeData, loading } = useInterfaceTree();
  return (
    <Item label={t('dataInterface')} htmlFor={id}>
      <TreeSelect
        id={id}
        aria-label={t('dataInterface')}
        value={value || undefined}
        placeholder={t('choose')}
        loading={loading}
        treeData={treeData}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        onSelect={(chosen: string, node: { title?: unknown }) => onSelect(chosen, String(node.title ?? ''))}
      />
    </Item>
  );
}

/** the fields of an interface's result rows (GetFields), as choices */
export function useResultFields(interfaceId: string) {
  const resultFields = useQuery({
    queryKey: ['dataInterfaceFields', interfaceId],
    queryFn: async () =>
      (await http.post<string[]>(`${DI}/${encodeURIComponent(interfaceId)}/Actions/GetFields`, { paramList: [] }))
        .data ?? [],
    enabled: !!interfaceId,
    retry: false,
  });
  return (resultFields.data ?? []).map((f) => ({ value: f, label: f }));
}

/** an interface's parameters (GetParam) bound as before where they keep their names */
export async function interfaceBindings(
  id: string,
  kept: readonly InterfaceParamBinding[] | undefined,
): Promise<InterfaceParamBinding[]> {
  const params = (await http.get<InterfaceParam[]>(`${DI}/GetParam/${encodeURIComponent(id)}`)).data ?? [];
  return bindingsFor(params, kept);
}

/** the other value fields of the form a parameter may take its value from */
export function otherFieldChoices(field: FieldConfig, fields: readonly FieldConfig[]) {
  const main = dataFields(fields);
  const nameOf = (f: FieldConfig) => f.__config__.label || f.__vModel__;
  // a sub-table's column may also read a cell of its own row: the table's other columns
  const table = main.find(
    (f) =>
      isSubTableKey(f.__config__.jnpfKey) &&
      subTableColumns(f).some((c) => c.__config__.formId === field.__config__.formId),
  );
  const siblings = table
    ? subTableColumns(table)
        .filter((c) => c.__vModel__ && c.__config__.formId !== field.__config__.formId)
        .map((c) => ({ value: c.__vModel__, label: `${nameOf(table)}-${nameOf(c)} (${c.__vModel__})` }))
    : [];
  return [
    ...siblings,
    ...main
      .filter((f) => f.__vModel__ && f.__vModel__ !== field.__vModel__ && !isSubTableKey(f.__config__.jnpfKey))
      .filter((f) => !siblings.some((s) => s.value === f.__vModel__))
      .map((f) => ({ value: f.__vModel__, label: `${nameOf(f)} (${f.__vModel__})` })),
  ];
}

/**
 * where each parameter of the interface takes its value: another field, a literal, nothing or a system variable;
 * with `keyword`, the typed text too (autoComplete: relationField "@keyword")
 */
export function ParamBindingsEditor({
  bindings,
  others,
  onChange,
  keyword,
}: {
  bindings: readonly InterfaceParamBinding[];
  others: readonly { value: string; label: string }[];
  onChange: (bindings: InterfaceParamBinding[]) => void;
  keyword?: string;
}) {
  const t = designerTexts.useText();
  const setBinding = (index: number, patch: Partial<InterfaceParamBinding>) =>
    onChange(bindings.map((b, i) => (i === index ? { ...b, ...patch } : b)));
  const variables = [
    ...(keyword ? [{ value: keyword, label: t('keywordVariable') }] : []),
    ...PARAM_VARIABLES.map((v) => ({ value: v, label: t(VARIABLE_TEXTS[v]) })),
  ];
  return (
    <PanelItem label={t('interfaceParams')}>
      {bindings.length ? (
        <div role="list" aria-label={t('interfaceParams')}>
          {bindings.map((b, index) => {
            const source = Number(b.sourceType ?? PARAM_SOURCE.literal);
            const name = b.fieldName || b.field;
            return (
              <div key={b.field} role="listitem" className={styles.paramRow}>
                <span className={styles.paramName} title={b.field}>
                  {name}
                </span>
                <Select
                  aria-label={`${t('paramSource')} ${name}`}
                  value={source}
                  className={styles.paramSource}
                  options={[
                    { value: PARAM_SOURCE.field, label: t('paramFromField') },
                    { value: PARAM_SOURCE.literal, label: t('paramLiteral') },
                    { value: PARAM_SOURCE.empty, label: t('paramEmpty') },
                    { value: PARAM_SOURCE.variable, label: t('paramVariable') },
                  ]}
                  onChange={(sourceType: number) =>
                    setBinding(index, { sourceType, relationField: '', defaultValue: '' })
                  }
                />
                {source === PARAM_SOURCE.field ? (
                  <Select
                    aria-label={`${t('paramValue')} ${name}`}
                    value={b.relationField || undefined}
                    placeholder={t('choose')}
                    options={[...others]}
                    className={styles.paramValue}
                    onChange={(relationField: string) => setBinding(index, { relationField })}
                  />
                ) : source === PARAM_SOURCE.variable ? (
                  <Select
                    aria-label={`${t('paramValue')} ${name}`}
                    value={b.relationField || undefined}
                    placeholder={t('choose')}
                    options={variables}
                    className={styles.paramValue}
                    onChange={(relationField: string) => setBinding(index, { relationField })}
                  />
                ) : source === PARAM_SOURCE.literal ? (
                  <Input
                    className={styles.paramValue}
                    aria-label={`${t('paramValue')} ${name}`}
                    value={typeof b.defaultValue === 'string' ? b.defaultValue : String(b.defaultValue ?? '')}
                    onChange={(event) => setBinding(index, { defaultValue: event.target.value })}
                  />
                ) : null}
              </div>
            );
          })}
        </div>
      ) : (
        <span className={styles.muted}>{t('noInterfaceParams')}</span>
      )}
    </PanelItem>
  );
}

export function InterfaceOptionsEditor({
  field,
  fields,
  onChange,
}: {
  field: FieldConfig;
  /** every field of the form: a parameter may take another field's value */
  fields: readonly FieldConfig[];
  onChange: (field: FieldConfig) => void;
}) {
  const t = designerTexts.useText();
  const config = field.__config__;
  const interfaceId = config.propsUrl ?? '';
  const tree = isTreeOptionKey(config.jnpfKey);
  const bindings = Array.isArray(config.templateJson) ? config.templateJson : [];
  const fieldOptions = useResultFields(interfaceId);

  const choose = async (id: string, name: string) => {
    onChange({
      ...field,
      __config__: {
        ...config,
        propsUrl: id,
        propsName: name,
        templateJson: await interfaceBindings(id, bindings),
        defaultValue: Array.isArray(config.defaultValue) ? [] : '',
      },
    });
  };
  const setProps = (patch: Record<string, string>) =>
    onChange({
      ...field,
      props: { label: 'fullName', value: 'id', ...field.props, ...patch } as NonNullable<FieldConfig['props']>,
    });

  const keyInput = (name: 'label' | 'value' | 'children', label: string) => (
    <PanelItem label={label} htmlFor={`prop-props-${name}`}>
      <AutoComplete
        id={`prop-props-${name}`}
        aria-label={label}
        value={field.props?.[name] ?? ''}
        options={fieldOptions}
        placeholder={t('interfaceFieldPlaceholder')}
        onChange={(value: string) => setProps({ [name]: value })}
      />
    </PanelItem>
  );

  return (
    <>
      <InterfacePicker id="prop-propsUrl" value={interfaceId} onSelect={(id, name) => void choose(id, name)} />
      {interfaceId ? (
        <>
          {keyInput('label', t('interfaceLabelField'))}
          {keyInput('value', t('interfaceValueField'))}
          {tree && keyInput('children', t('interfaceChildrenField'))}
          <ParamBindingsEditor
            bindings={bindings}
            others={otherFieldChoices(field, fields)}
            onChange={(templateJson) => onChange({ ...field, __config__: { ...config, templateJson } })}
          />
        </>
      ) : null}
    </>
  );
}

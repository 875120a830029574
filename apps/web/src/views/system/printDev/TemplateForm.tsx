// The print-template dialog in two tabs: the basics (name, code, category of the printDev dictionary by code, type,
// where the data comes from — SQL queries on a data source: the main record by @formId, then the child lists T1,
// T2…; or a released online form — order, state, description) and the designer (the page, its placeholders, page
// settings and a live preview). A failed check shows the basics, where the checked fields are.
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PRINT_PAGE, parsePrintPage, type PrintPage } from '@jnpf/core';
import { Button, Form, Input, Radio, Select, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { FormDialog, required, useDictionary } from '../../../components/admin';
import { useRecordInfo } from '../../../components/crud/recordDialog';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { http } from '../../../platform/request';
import { printDevApi, type TemplateInput } from './api';
import { TemplateDesigner } from './TemplateDesigner';
import { texts } from './texts';

interface Props {
  open: boolean;
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  fullName: string;
  enCode: string;
  category?: string;
  type: 1 | 2;
  sourceType: 1 | 2;
  dbLinkId: string;
  queries: string[];
  formModelId?: string;
  printTemplate?: string;
  page: PrintPage;
  enabledMark: number;
  sortCode?: number;
  description?: string;
}

const DEFAULT_DB = '0';
const NEW_TEMPLATE: Partial<Values> = {
  type: 2,
  sourceType: 1,
  dbLinkId: DEFAULT_DB,
  queries: [''],
  printTemplate: '',
  page: DEFAULT_PRINT_PAGE,
  enabledMark: 1,
  sortCode: 0,
  description: '',
};

/** sqlTemplate ([{sql}] as JSON text) → the queries, one per box */
export function queriesOf(sqlTemplate: string | null | undefined): string[] {
  try {
    const parsed = JSON.parse(sqlTemplate || '[]') as { sql?: unknown }[];
    const list = Array.isArray(parsed) ? parsed.map((q) => (typeof q?.sql === 'string' ? q.sql : '')) : [];
    return list.length ? list : [''];
  } catch {
    return [''];
  }
}

interface Named {
  id: string;
  fullName: string;
  dbType?: string;
  children?: Named[];
}

function useChoices() {
  const sources = useQuery({
    queryKey: ['system', 'printDev', 'dataSources'],
    queryFn: async () => (await http.get<Named[]>('/api/system/DataSource/Selector')).data ?? [],
  });
  const forms = useQuery({
    queryKey: ['system', 'printDev', 'releasedForms'],
    queryFn: async () =>
      (await http.get<{ list: Named[] }>('/api/visualdev/Base/Selector', { type: 1, isRelease: 1 })).data?.list ?? [],
  });
  return { sources, forms };
}

export function TemplateForm({ open, id, onClose, onSaved }: Props) {
  const t = texts.useText();
  const [form] = Form.useForm<Values>();
  const categories = useDictionary('printDev');
  const { sources, forms } = useChoices();
  const [tab, setTab] = useState('basic');
  useEffect(() => {
    if (open) setTab('basic');
  }, [open]);
  const { editing, info, dialogProps } = useRecordInfo(
    { open, id, onClose, onSaved },
    ['system', 'printDev', 'info', id],
    printDevApi.info,
    { add: t('add'), edit: t('edit') },
  );
  const initial: Partial<Values> | undefined =
    editing && info.data
      ? {
          ...info.data,
          queries: queriesOf(info.data.sqlTemplate),
          formModelId: info.data.formModelId || undefined,
          page: parsePrintPage(info.data.pageParam),
        }
      : NEW_TEMPLATE;

  const sourceOptions = useMemo(() => {
    const list = (sources.data ?? []).filter((s) => s.id !== DEFAULT_DB);
    return [
      { value: DEFAULT_DB, label: t('defaultDb') },
      ...list.map((s) => ({ value: s.id, label: s.dbType ? `${s.fullName} (${s.dbType})` : s.fullName })),
    ];
  }, [sources.data, t]);
  const formOptions = useMemo(
    () => (forms.data ?? []).flatMap((c) => (c.children ?? []).map((f) => ({ value: f.id, label: f.fullName }))),
    [forms.data],
  );
  const categoryOptions = categories.items.map((c) => ({ value: c.enCode, label: c.fullName }));

  const submit = (values: Values) => {
    const queries = (values.queries ?? []).map((q) => q.trim()).filter(Boolean);
    const input: TemplateInput = {
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      category: values.category ?? '',
      type: values.type,
      sourceType: values.sourceType,
      dbLinkId: values.dbLinkId || DEFAULT_DB,
      sqlTemplate: values.sourceType === 1 ? JSON.stringify(queries.map((sql) => ({ sql }))) : '',
      formModelId: values.sourceType === 2 ? (values.formModelId ?? '') : '',
      printTemplate: values.printTemplate ?? '',
      pageParam: JSON.stringify(values.page ?? DEFAULT_PRINT_PAGE),
      enabledMark: values.enabledMark ?? 1,
      sortCode: values.sortCode ?? 0,
      description: values.description ?? '',
    };
    return editing ? printDevApi.update(id!, { ...input, version: info.data?.version }) : printDevApi.create(input);
  };

  return (
    <FormDialog<Values>
      {...dialogProps}
      form={form}
      width={1320}
      initialValues={initial}
      onSubmit={submit}
      formProps={{ onFinishFailed: () => setTab('basic') }}
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'basic',
            label: t('tabBasic'),
            forceRender: true,
            children: (
              <div style={{ maxWidth: 760 }}>
                <NameCodeFields texts={t} />
                <Form.Item name="category" label={t('category')} rules={[required(t('categoryRequired'))]}>
                  <Select options={categoryOptions} loading={categories.isLoading} placeholder={t('category')} />
                </Form.Item>
                <Form.Item name="type" label={t('type')}>
                  <Radio.Group
                    options={[
                      { value: 1, label: t('type1') },
                      { value: 2, label: t('type2') },
                    ]}
                  />
                </Form.Item>
                <Form.Item name="sourceType" label={t('sourceType')}>
                  <Radio.Group
                    options={[
                      { value: 1, label: t('source1') },
                      { value: 2, label: t('source2') },
                    ]}
                  />
                </Form.Item>
                <Form.Item noStyle dependencies={['sourceType']}>
                  {({ getFieldValue }) =>
                    getFieldValue('sourceType') === 2 ? (
                      <Form.Item name="formModelId" label={t('formModelId')} rules={[required(t('formRequired'))]}>
                        <Select
                          options={formOptions}
                          loading={forms.isLoading}
                          showSearch={{ optionFilterProp: 'label' }}
                          placeholder={t('formModelId')}
                        />
                      </Form.Item>
                    ) : (
                      <>
                        <Form.Item name="dbLinkId" label={t('dbLinkId')}>
                          <Select options={sourceOptions} loading={sources.isLoading} />
                        </Form.Item>
                        <Form.Item label={t('sqlTemplate')} extra={t('sqlHint')}>
                          <Form.List name="queries">
                            {(items, { add, remove }) => (
                              <>
                                {items.map((item, index) => {
                                  const slot = index === 0 ? t('mainQuery') : `T${index}`;
                                  return (
                                    <div key={item.key} style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
                                      <span style={{ width: 48, flex: 'none' }}>{slot}</span>
                                      <Form.Item name={item.name} noStyle>
                                        <Input.TextArea
                                          aria-label={`${t('sqlTemplate')} ${slot}`}
                                          autoSize={{ minRows: 2, maxRows: 6 }}
                                          spellCheck={false}
                                        />
                                      </Form.Item>
                                      {index > 0 && <MinusCircleOutlined onClick={() => remove(item.name)} />}
                                    </div>
                                  );
                                })}
                                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} block>
                                  {t('sqlTemplate')}
                                </Button>
                              </>
                            )}
                          </Form.List>
                        </Form.Item>
                      </>
                    )
                  }
                </Form.Item>
                <TailFields />
              </div>
            ),
          },
          {
            key: 'design',
            label: t('tabDesign'),
            forceRender: true,
            children: <TemplateDesigner form={form} templateId={editing ? id : undefined} active={tab === 'design'} />,
          },
        ]}
      />
    </FormDialog>
  );
}

// The template designer: the data source's fields (click one to insert its placeholder at the caret, as a value,
// a capital amount, thousands, a QR code, a barcode, pictures or a child list's sum; a child list as a table whose
// rows repeat, with or without a total row summing its columns), the
// rich-text page itself, the page settings (paper, orientation, margins) and a live preview of the page as it
// prints, filled with a stored record or, before one is loaded, with the field names.
import {
  DEFAULT_PRINT_PAGE,
  PRINT_CUSTOM_PAPER,
  PRINT_MAIN_LIST,
  PRINT_PAPERS,
  printDocument,
  printFieldHtml,
  type PrintPage,
} from '@jnpf/core';
import { ReloadOutlined, TableOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Segmented,
  Select,
  Space,
  Spin,
  Tree,
  type FormInstance,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { usePrintCodes } from '../../../components/print/PrintPreviewDialog';
import { PrintSheet } from '../../../components/print/PrintSheet';
import { printApi, type PrintFieldNode } from '../../../components/print/printApi';
import { renderPages } from '../../../components/print/renderPages';
import { printTexts } from '../../../components/print/texts';
import { RichTextEditor, type RichTextHandle } from '../../../components/richText/RichTextEditor';
import { http } from '../../../platform/request';
import { useSession } from '../../../platform/session';
import styles from './TemplateDesigner.module.css';
import { texts } from './texts';

type InsertAs = 'text' | 'capital' | 'thousands' | 'qrcode' | 'barcode' | 'image' | 'sum';
const INSERT_KINDS = ['text', 'capital', 'thousands', 'qrcode', 'barcode', 'image', 'sum'] as const;
const SYSTEM = '#system';

/** a placeholder wrapped as the chosen kind (the wrappers are text, as the reference types them) */
export function placeholderAs(kind: InsertAs, list: string, field: string, title: string): string {
  const ph = printFieldHtml(list, field, title);
  switch (kind) {
    case 'capital':
      return `大写金额(${ph})`;
    case 'thousands':
      return `千位分隔符(${ph},2)`;
    case 'qrcode':
      return `&lt;qrCode width="120" height="120"&gt;${ph}&lt;/qrCode&gt;`;
    case 'barcode':
      return `&lt;barCode width="2" height="60"&gt;${ph}&lt;/barCode&gt;`;
    case 'image':
      return `&lt;img width="100" height="100"&gt;${ph}&lt;/img&gt;`;
    case 'sum':
      // a sum over a child list's records; a main-record field has one value, so it goes in as it is
      return list === PRINT_MAIN_LIST ? ph : `合计(${ph})`;
    default:
      return ph;
  }
}

const plain = (text: string) => text.replace(/[&<>"]/g, '');

/**
 * a table for a child list: a title row and one row of placeholders that repeats per child record; with `total`
 * (the word for the first cell), a last row holding the sum of every other column (合计(…): a column whose values
 * are not numbers prints nothing there, and the designer removes the sums it does not want)
 */
export function listTableHtml(list: PrintFieldNode, total?: string): string {
  const fields = list.children ?? [];
  const head = fields.map((f) => `<th>${plain(f.fullName)}</th>`).join('');
  const row = fields.map((f) => `<td>${printFieldHtml(list.id, f.id, f.fullName)}</td>`).join('');
  const sums = fields
    .map((f, i) => `<td>${i === 0 ? plain(total ?? '') : placeholderAs('sum', list.id, f.id, f.fullName)}</td>`)
    .join('');
  return `<table><tbody><tr>${head}</tr><tr>${row}</tr>${total === undefined ? '' : `<tr>${sums}</tr>`}</tbody></table><p></p>`;
}

/** sample data from the field tree: each main field holds its name, each list two rows */
export function sampleData(tree: readonly PrintFieldNode[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const node of tree) {
    const children = node.children ?? [];
    if (node.id === PRINT_MAIN_LIST) for (const c of children) data[c.id] = c.fullName;
    else data[node.id] = [1, 2].map((i) => Object.fromEntries(children.map((c) => [c.id, `${c.fullName}${i}`])));
  }
  return data;
}

function PageSettings({
  value = DEFAULT_PRINT_PAGE,
  onChange,
}: {
  value?: PrintPage;
  onChange?: (p: PrintPage) => void;
}) {
  const t = texts.useText();
  const set = (patch: Partial<PrintPage>) => onChange?.({ ...value, ...patch });
  const custom = value.type === PRINT_CUSTOM_PAPER;
  const mm = (key: 'width' | 'height' | 'mt' | 'mb' | 'ml' | 'mr', max: number, disabled = false) => (
    <InputNumber
      size="small"
      aria-label={t(key)}
      min={0}
      max={max}
      disabled={disabled}
      value={Number(value[key])}
      onChange={(n) => set({ [key]: String(n ?? 0) })}
      style={{ width: '100%' }}
    />
  );
  return (
    <div className={styles.settings}>
      <label className={styles.label}>{t('paper')}</label>
      <Select
        size="small"
        aria-label={t('paper')}
        value={value.type}
        options={[
          ...Object.entries(PRINT_PAPERS).map(([k, p]) => ({ value: k, label: `${p.name} (${p.width}×${p.height})` })),
          { value: PRINT_CUSTOM_PAPER, label: t('custom') },
        ]}
        onChange={(type: string) => {
          const paper = PRINT_PAPERS[type];
          set(paper ? { type, width: String(paper.width), height: String(paper.height) } : { type });
        }}
      />
      <div className={styles.pair}>
        <span>
          <label className={styles.label}>{t('width')}</label>
          {mm('width', 2000, !custom)}
        </span>
        <span>
          <label className={styles.label}>{t('height')}</label>
          {mm('height', 2000, !custom)}
        </span>
      </div>
      <label className={styles.label}>{t('direction')}</label>
      <Radio.Group
        size="small"
        optionType="button"
        value={value.direction}
        onChange={(e) => set({ direction: e.target.value as PrintPage['direction'] })}
        options={[
          { value: '纵向', label: t('portrait') },
          { value: '横向', label: t('landscape') },
        ]}
      />
      <label className={styles.label}>{t('margins')}</label>
      <div className={styles.pair}>
        {(['mt', 'mb', 'ml', 'mr'] as const).map((k) => (
          <span key={k}>
            <label className={styles.label}>{t(k)}</label>
            {mm(k, 200)}
          </span>
        ))}
      </div>
    </div>
  );
}

interface Props {
  form: FormInstance;
  /** the stored template (edit): its records can fill the preview */
  templateId?: string;
  /** the design tab is shown (the fields are read only then) */
  active: boolean;
}

export function TemplateDesigner({ form, templateId, active }: Props) {
  const t = texts.useText();
  const p = printTexts.useText();
  const editor = useRef<RichTextHandle | null>(null);
  const [mode, setMode] = useState<'design' | 'preview'>('design');
  const [insertAs, setInsertAs] = useState<InsertAs>('text');
  const [recordId, setRecordId] = useState('');
  const [loadedId, setLoadedId] = useState('');
  const user = useSession((s) => s.userInfo);

  const sourceType = Form.useWatch('sourceType', form) as number | undefined;
  const dbLinkId = Form.useWatch('dbLinkId', form) as string | undefined;
  const queries = Form.useWatch('queries', form) as string[] | undefined;
  const formModelId = Form.useWatch('formModelId', form) as string | undefined;
  const html = (Form.useWatch('printTemplate', form) as string | undefined) ?? '';
  const page = (Form.useWatch('page', form) as PrintPage | undefined) ?? DEFAULT_PRINT_PAGE;

  const source = useMemo(() => {
    if (sourceType === 2) return formModelId ? { formModelId } : undefined;
    const list = (queries ?? []).map((q) => (q ?? '').trim()).filter(Boolean);
    return list.length
      ? { dbLinkId: dbLinkId || '0', sqlTemplate: JSON.stringify(list.map((sql) => ({ sql }))) }
      : undefined;
  }, [sourceType, formModelId, queries, dbLinkId]);

  const fields = useQuery({
    queryKey: ['system', 'printDev', 'fields', JSON.stringify(source ?? null)],
    queryFn: async () => (await http.post<PrintFieldNode[]>('/api/system/printDev/Fields', source)).data ?? [],
    enabled: active && Boolean(source),
    retry: false,
    staleTime: 60_000,
  });
  const record = useQuery({
    queryKey: ['system', 'printDev', 'previewRecord', templateId, loadedId],
    queryFn: async () => (await printApi.data(templateId!, [loadedId]))[0]!,
    enabled: Boolean(templateId && loadedId),
    retry: false,
    gcTime: 0,
  });
  const codes = usePrintCodes();

  const tree = fields.data ?? [];
  const system: PrintFieldNode = {
    id: SYSTEM,
    parentId: '-1',
    fullName: t('systemFields'),
    children: (['systemPrinter', 'systemPrintTime', 'systemApprovalContent'] as const).map((id) => ({
      id,
      parentId: SYSTEM,
      fullName: t(id),
    })),
  };

  const insert = (list: string, node: PrintFieldNode) => {
    if (list === SYSTEM) editor.current?.insertHtml(`{${node.id}}`);
    else editor.current?.insertHtml(placeholderAs(insertAs, list, node.id, node.fullName));
  };

  const treeData = [...tree, system].map((list) => ({
    key: list.id,
    selectable: false,
    title: (
      <span className={styles.listTitle}>
        <span>{list.fullName}</span>
        {list.id !== PRINT_MAIN_LIST && list.id !== SYSTEM && (list.children ?? []).length > 0 && (
          <Button
            size="small"
            type="link"
            icon={<TableOutlined />}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => editor.current?.insertHtml(listTableHtml(list))}
          >
            {t('insertTable')}
          </Button>
        )}
        {list.id !== PRINT_MAIN_LIST && list.id !== SYSTEM && (list.children ?? []).length > 1 && (
          <Button
            size="small"
            type="link"
            icon={<TableOutlined />}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => editor.current?.insertHtml(listTableHtml(list, t('totalWord')))}
          >
            {t('insertTotalTable')}
          </Button>
        )}
      </span>
    ),
    children: (list.children ?? []).map((node) => ({
      key: `${list.id}|${node.id}`,
      isLeaf: true,
      title: (
        <span
          role="button"
          tabIndex={0}
          className={styles.field}
          title={node.id}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => insert(list.id, node)}
          onKeyDown={(e) => (e.key === 'Enter' ? insert(list.id, node) : undefined)}
        >
          {node.fullName}
        </span>
      ),
    })),
  }));

  const sample = useMemo(() => sampleData(fields.data ?? []), [fields.data]);
  const data = record.data?.printData ?? sample;
  // drawn without codes until their libraries have loaded, so that the page shows at once
  const rendered = useMemo(
    () =>
      mode === 'preview'
        ? renderPages([{ printData: data, printTemplate: html, operatorRecordList: [] }], {
            codes: codes.data,
            printer: user ? `${user.userName}/${user.userAccount}` : '',
          })
        : undefined,
    [mode, codes.data, data, html, user],
  );

  return (
    <div className={styles.designer}>
      <aside className={styles.fieldPanel} aria-label={t('fields')}>
        <div className={styles.panelHead}>
          <strong>{t('fields')}</strong>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            aria-label={t('refreshFields')}
            disabled={!source}
            onClick={() => void fields.refetch()}
          />
        </div>
        <label className={styles.label}>{t('insertAs')}</label>
        <Select
          size="small"
          aria-label={t('insertAs')}
          value={insertAs}
          onChange={setInsertAs}
          style={{ width: '100%', marginBottom: 8 }}
          options={INSERT_KINDS.map((k) => ({
            value: k,
            label: t(`as${k[0]!.toUpperCase()}${k.slice(1)}` as 'asText'),
          }))}
        />
        {fields.isFetching ? (
          <Spin size="small" />
        ) : fields.isError ? (
          <Alert type="error" showIcon title={fields.error instanceof Error ? fields.error.message : ''} />
        ) : !tree.length ? (
          <div className={styles.hint}>{t('fieldsHint')}</div>
        ) : null}
        <Tree className={styles.tree} treeData={treeData} defaultExpandAll key={tree.length} blockNode />
      </aside>
      <section className={styles.canvas}>
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'design' | 'preview')}
          options={[
            { value: 'design', label: t('design') },
            { value: 'preview', label: t('preview') },
          ]}
        />
        <div style={{ display: mode === 'design' ? 'block' : 'none' }} className={styles.editorWrap}>
          <Form.Item name="printTemplate" noStyle>
            <RichTextEditor
              printFields
              height={480}
              aria-label={t('printTemplate')}
              onReady={(handle) => (editor.current = handle)}
            />
          </Form.Item>
        </div>
        {mode === 'preview' && (
          <div className={styles.preview}>
            {rendered?.missing.length ? (
              <Alert type="warning" showIcon title={p('missing', { fields: rendered.missing.join(', ') })} />
            ) : null}
            {rendered ? <PrintSheet html={printDocument(rendered.pages, page)} title={t('preview')} /> : <Empty />}
          </div>
        )}
      </section>
      <aside className={styles.sidePanel}>
        <strong>{t('pageParam')}</strong>
        <Form.Item name="page" noStyle>
          <PageSettings />
        </Form.Item>
        <strong className={styles.sectionTitle}>{t('previewData')}</strong>
        {templateId ? (
          <Space.Compact style={{ width: '100%' }}>
            <Input
              size="small"
              aria-label={t('recordId')}
              placeholder={t('recordId')}
              value={recordId}
              onChange={(e) => setRecordId(e.target.value)}
              onPressEnter={(e) => {
                e.preventDefault();
                setLoadedId(recordId.trim());
                setMode('preview');
              }}
            />
            <Button
              size="small"
              loading={record.isFetching}
              onClick={() => {
                setLoadedId(recordId.trim());
                setMode('preview');
              }}
            >
              {t('loadRecord')}
            </Button>
          </Space.Compact>
        ) : (
          <div className={styles.hint}>{t('saveFirst')}</div>
        )}
        {record.isError && (
          <Alert type="error" showIcon title={record.error instanceof Error ? record.error.message : ''} />
        )}
        <div className={styles.hint}>{t('sampleData')}</div>
      </aside>
    </div>
  );
}

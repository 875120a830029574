// The web side of a generated module: the page folder views/extend/<module>/ on the shared list frame (CrudList)
// and dialog (FormDialog), its calls (api.ts) and texts (texts.ts). Pure text building.
import { comment, lit, TS_TYPE, type GenContext, type GenField } from './fields.js';
import { englishLabel, toTraditional } from './zhtw.js';

const inputFields = (ctx: GenContext) => ctx.fields.filter((f) => !f.system);
const labelKey = (f: GenField) => `${f.prop}Label`;
const requiredKey = (f: GenField) => `${f.prop}Required`;

export function indexPageFile(ctx: GenContext): string {
  return `// ${ctx.names.urlAddress}: the screen of ${comment(ctx.title)} (generated).
export { default } from './${ctx.names.pascal}Page';
`;
}

export function apiFile(ctx: GenContext): string {
  const { names } = ctx;
  const P = names.pascal;
  return `// Calls of the screen of ${comment(ctx.title)} (generated).
import { http } from '../../../platform/request';

export const ${names.module.toUpperCase()}_BASE = ${lit(names.apiBase)};

export interface ${P}Row {
  id: string;
${ctx.fields.map((f) => `  ${f.prop}: ${f.store === 'text' ? 'string' : TS_TYPE[f.store]};`).join('\n')}
  enabledMark: number;
  sortCode: number;
  description: string;
  creatorTime: number | null;
}

export interface ${P}Input {
${inputFields(ctx)
  .map((f) => `  ${f.prop}?: ${TS_TYPE[f.store]};`)
  .join('\n')}
  enabledMark: number;
  sortCode: number;
  description: string;
  version?: number;
}

export const ${names.module}Keys = { list: ['extend', ${lit(names.module)}, 'list'] as const };

export const ${names.module}Api = {
  listUrl: ${names.module.toUpperCase()}_BASE,
  info: async (id: string) =>
    (await http.get<${P}Row & { version: number }>(\`\${${names.module.toUpperCase()}_BASE}/\${id}\`)).data!,
  create: (input: ${P}Input) => http.post(${names.module.toUpperCase()}_BASE, input),
  update: (id: string, input: ${P}Input) => http.put(\`\${${names.module.toUpperCase()}_BASE}/\${id}\`, input),
  remove: (id: string) => http.delete(\`\${${names.module.toUpperCase()}_BASE}/\${id}\`),
  toggle: (id: string) => http.put(\`\${${names.module.toUpperCase()}_BASE}/\${id}/Actions/State\`),
};
`;
}

export function textsFile(ctx: GenContext): string {
  const { names } = ctx;
  const block = (lang: 'zh' | 'zhtw' | 'en') => {
    // the design's labels in zh, converted to traditional characters in zhtw, the field codes in words in en
    const say = (label: string, code: string) =>
      lang === 'zh' ? label : lang === 'zhtw' ? toTraditional(label) : englishLabel(label, code);
    const title = say(ctx.title, names.module);
    const fixed = {
      zh: { title, add: `新建${title}`, edit: `编辑${title}`, yes: '是', no: '否' },
      zhtw: { title, add: `新建${title}`, edit: `編輯${title}`, yes: '是', no: '否' },
      en: { title, add: `New: ${title}`, edit: `Edit: ${title}`, yes: 'Yes', no: 'No' },
    }[lang];
    const required = { zh: '不能为空', zhtw: '不能為空', en: ' cannot be empty' }[lang];
    const lines = [
      ...Object.entries(fixed).map(([k, v]) => `    ${k}: ${lit(v)},`),
      ...ctx.fields.map((f) => `    ${labelKey(f)}: ${lit(say(f.label, f.prop))},`),
      ...inputFields(ctx)
        .filter((f) => f.required)
        .map((f) => `    ${requiredKey(f)}: ${lit(`${say(f.label, f.prop)}${required}`)},`),
    ];
    return `  ${lang}: {\n${lines.join('\n')}\n  },`;
  };
  return `// Texts of the screen of ${comment(ctx.title)} (generated: the design's labels, in zhtw converted to traditional
// characters and in en the field codes in words where a label is Chinese; review them by hand).
import { defineViewTexts } from '../../../platform/viewText';

export const texts = defineViewTexts({
${block('zh')}
${block('zhtw')}
${block('en')}
});
`;
}

/** how the list shows a value of the field */
function cellOf(f: GenField): string {
  if (f.options.length) return `render: (value: unknown) => labelsOf(${optionsName(f)}, value)`;
  switch (f.store) {
    case 'ms':
      return "render: (value: number | null) => (value == null ? '' : dayjs(value).format('YYYY-MM-DD HH:mm'))";
    case 'flag':
      return "render: (value: number) => (value === 1 ? t('yes') : t('no'))";
    case 'json':
      return "render: (value: unknown[] | null) => (Array.isArray(value) ? value.join(', ') : '')";
    default:
      return '';
  }
}

const optionsName = (f: GenField) => `${f.prop}Options`;

function optionsConsts(fields: readonly GenField[]): string {
  return fields
    .filter((f) => f.options.length)
    .map(
      (f) =>
        `export const ${optionsName(f)} = [\n${f.options.map((o) => `  { value: ${lit(o.value)}, label: ${lit(o.label)} },`).join('\n')}\n];`,
    )
    .join('\n');
}

export function pageFile(ctx: GenContext): string {
  const { names } = ctx;
  const P = names.pascal;
  const usesDayjs = ctx.listed.some((f) => f.store === 'ms' && !f.options.length);
  const usesLabels = ctx.listed.some((f) => f.options.length);
  const listedOptions = ctx.listed.filter((f) => f.options.length);
  return `// The screen of ${comment(ctx.title)}: a paged list with keyword search; add, edit, enable/disable and delete
// (generated from the function design).
${usesDayjs ? "import dayjs from 'dayjs';\n" : ''}import { CrudList } from '../../../components/crud/CrudList';
import { ${names.module}Api, ${names.module}Keys, type ${P}Row } from './api';
import { ${P}Form${listedOptions.map((f) => `, ${optionsName(f)}`).join('')} } from './${P}Form';
import { texts } from './texts';
${
  usesLabels
    ? `
/** the labels of the options a value names */
const labelsOf = (options: readonly { value: string; label: string }[], value: unknown) =>
  (Array.isArray(value) ? value : [value])
    .map((v) => options.find((o) => o.value === String(v))?.label ?? String(v ?? ''))
    .join(', ');
`
    : ''
}
export default function ${P}Page() {
  const t = texts.useText();
  return (
    <CrudList<${P}Row>
      title={t('title')}
      queryKey={${names.module}Keys.list}
      url={${names.module}Api.listUrl}
      columns={[
${ctx.listed
  .map((f) => {
    const cell = cellOf(f);
    return `        { title: t(${lit(labelKey(f))}), dataIndex: ${lit(f.prop)}, width: 140, ellipsis: true${cell ? `, ${cell}` : ''} },`;
  })
  .join('\n')}
      ]}
      toggle={(row) => ${names.module}Api.toggle(row.id)}
      remove={(row) => ${names.module}Api.remove(row.id)}
      renderForm={(slot) => <${P}Form {...slot} />}
    />
  );
}
`;
}

/** the form control of a field: a plain antd control, or a stand-in marked for hand work */
function controlOf(f: GenField): { control: string; item: string; note?: string } {
  const disabled = f.system || f.kind === 'calculate' ? ' disabled' : '';
  if (f.system) {
    const control =
      f.store === 'ms' ? `<DatePicker showTime disabled style={{ width: '100%' }} />` : `<Input disabled />`;
    return { control, item: f.store === 'ms' ? DATE_ITEM : '', note: `${f.kind}: filled by the server` };
  }
  if (f.options.length) {
    const opts = optionsName(f);
    if (f.kind === 'radio') return { control: `<Radio.Group options={${opts}} />`, item: '' };
    if (f.kind === 'checkbox') return { control: `<Checkbox.Group options={${opts}} />`, item: '' };
    return {
      control: `<Select allowClear${f.multiple ? ' mode="multiple"' : ''} options={${opts}} />`,
      item: '',
    };
  }
  switch (f.store) {
    case 'number':
      return {
        control: `<InputNumber${disabled} min={${f.min}} max={${f.numMax}} style={{ width: '100%' }} />`,
        item: '',
        note: f.kind === 'calculate' ? 'calculate: the formula of the design is to be written by hand' : undefined,
      };
    case 'flag':
      return {
        control: `<Switch />`,
        item: ` valuePropName="checked" getValueProps={(value: number) => ({ checked: value === 1 })} normalize={(checked: boolean) => (checked ? 1 : 0)}`,
      };
    case 'ms':
      return { control: `<DatePicker showTime style={{ width: '100%' }} />`, item: DATE_ITEM };
    case 'json':
      return {
        control: `<Select mode="tags" open={false} />`,
        item: '',
        note: f.kind === 'table' ? undefined : `${f.kind}: a list of values; replace by the kit's picker by hand`,
      };
    case 'text':
      if (f.kind === 'textarea' || f.kind === 'editor')
        return {
          control: `<Input.TextArea rows={4} maxLength={${f.max}} />`,
          item: '',
          note: f.kind === 'editor' ? "editor: rich text kept as HTML; use the kit's rich text by hand" : undefined,
        };
      if (f.kind === 'colorPicker') return { control: `<Input type="color" />`, item: '' };
      return {
        control: `<Input${disabled} maxLength={${f.max}} autoComplete="off" />`,
        item: '',
        note: f.standIn ? `${f.kind}: a text input stands in; replace by the kit's control by hand` : undefined,
      };
  }
}

const DATE_ITEM = ` getValueProps={(value: number | null) => ({ value: value == null ? undefined : dayjs(value) })} normalize={(value: Dayjs | null) => (value ? value.valueOf() : null)}`;

export function formFile(ctx: GenContext): string {
  const { names } = ctx;
  const P = names.pascal;
  const visible = ctx.fields.filter((f) => f.kind !== 'table');
  const tables = ctx.fields.filter((f) => f.kind === 'table');
  const controls = visible.map((f) => ({ f, ...controlOf(f) }));
  const used = (name: string) => controls.some((c) => c.control.includes(`<${name}`));
  const antd = ['Checkbox', 'DatePicker', 'Form', 'Input', 'InputNumber', 'Radio', 'Select', 'Switch'].filter(
    (n) => n === 'Form' || used(n),
  );
  const usesDates = used('DatePicker');
  return `// The dialog of ${comment(ctx.title)}: the design's fields, then sort, state and description (generated; the
// widgets without a plain control stand in as text or tag inputs, marked below).
${usesDates ? "import dayjs, { type Dayjs } from 'dayjs';\n" : ''}import { ${antd.join(', ')} } from 'antd';
import { FormDialog } from '../../../components/admin';
import type { FormSlot } from '../../../components/crud/CrudList';
import { useRecordDialog } from '../../../components/crud/recordDialog';
import { TailFields } from '../../../components/form/CommonFields';
import { ${names.module}Api, type ${P}Input } from './api';
import { texts } from './texts';

${optionsConsts(ctx.fields)}

export function ${P}Form(slot: FormSlot) {
  const t = texts.useText();
  const { info, dialogProps } = useRecordDialog<Awaited<ReturnType<typeof ${names.module}Api.info>>, ${P}Input>({
    slot,
    queryKey: ['extend', ${lit(names.module)}, 'info', slot.id],
    load: ${names.module}Api.info,
    titles: { add: t('add'), edit: t('edit') },
  });
  return (
    <FormDialog<${P}Input>
      {...dialogProps}
      initialValues={{ enabledMark: 1, sortCode: 0 }}
      onSubmit={(values) => {
        const input = { ...values, description: values.description ?? '', sortCode: values.sortCode ?? 0 };
        return slot.id
          ? ${names.module}Api.update(slot.id, { ...input, version: info.data?.version })
          : ${names.module}Api.create(input);
      }}
    >
${controls
  .map(({ f, control, item, note }) => {
    const rules = f.required && !f.system ? ` rules={[{ required: true, message: t(${lit(requiredKey(f))}) }]}` : '';
    const head = note ? `      {/* ${comment(note)} */}\n` : '';
    return `${head}      <Form.Item name=${lit(f.prop)} label={t(${lit(labelKey(f))})}${rules}${item}>\n        ${control}\n      </Form.Item>`;
  })
  .join('\n')}
${tables
  .map(
    (f) =>
      `      {/* ${comment(f.label)} (sub-table ${f.prop}): its rows are kept as JSON; build an editable table by hand */}`,
  )
  .join('\n')}
      <TailFields />
    </FormDialog>
  );
}
`;
}

// The menu dialog: parent (a menu of the same system and side, or the top), type, name, code, icon, route,
// how a link opens, which permission kinds the menu uses, sort, state and description. A menu of type 3, 4 or 5
// names what it opens (the moduleId of its property JSON): a released online form, a dictionary category (whose
// isTree the menu takes, shown read-only) or a report of the report server; the platform has no portals (type 8).
// The property JSON's other keys (iconBackgroundColor, isTree of a form menu as its release wrote it, keys of newer
// clients) are kept as they were.
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, Input, Row, Select, Switch, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { findNode, FormDialog, maxLength } from '../../../components/admin';
import { TreePicker } from '../../../components/crud/recordDialog';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { fieldTexts } from '../../../components/form/texts';
import { toTreeData, type SelectorNode } from '../../../components/directory/trees';
import { menuApi, type MenuInput, type MenuRow, type TargetNode } from './api';
import { texts } from './texts';

const TOP = '-1';
const FLAGS = ['isButtonAuthorize', 'isColumnAuthorize', 'isFormAuthorize', 'isDataAuthorize'] as const;
/** what a Web menu of these types opens is named by its property JSON; its route is derived from its code */
const ROUTE_OF_TYPE: Readonly<Record<number, string>> = { 3: 'model', 4: 'dictionary', 5: 'dataReport', 8: 'portal' };
/** the dictionary selector's two roots (business, system) are not categories */
const DICTIONARY_ROOTS = new Set(['0', '1']);

type FormValues = MenuInput & { moduleId?: string };

/** the property JSON as an object (anything unreadable counts as empty) */
export function readProperties(text: string | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** the property JSON to save: for types 3, 4, 5 and 8 the target and isTree, every other key kept */
function propertiesToSave(
  type: number,
  before: string | undefined,
  moduleId: string | undefined,
  categoryIsTree: number | undefined,
): string | undefined {
  if (!(type in ROUTE_OF_TYPE)) return before || undefined;
  const kept = readProperties(before);
  const id = moduleId?.trim() ?? '';
  const isTree = type === 4 ? (categoryIsTree ?? 0) : Number(kept.isTree) === 1 ? 1 : 0;
  const target = type === 8 && !id ? {} : { moduleId: id };
  return JSON.stringify({ ...kept, ...target, iconBackgroundColor: kept.iconBackgroundColor ?? '', isTree });
}

/** the route of a Web menu opening a form, dictionary, report or portal: e.g. model/<code> (its first dot dropped) */
const derivedRoute = (type: number, enCode: string) => `${ROUTE_OF_TYPE[type]}/${enCode.replace('.', '')}`;

/** the menus without `id` and what lies below it (a menu cannot move under itself) */
function without(rows: readonly MenuRow[], id?: string): MenuRow[] {
  return rows
    .filter((r) => r.id !== id)
    .map((r) => ({ ...r, children: r.children ? without(r.children, id) : r.children }));
}

export function MenuForm({
  open,
  row,
  parentId,
  systemId,
  category,
  menus,
  onClose,
  onSaved,
}: {
  open: boolean;
  row?: MenuRow;
  parentId?: string;
  systemId: string;
  category: 'Web' | 'App';
  menus: readonly MenuRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const [form] = Form.useForm<FormValues>();
  const type = Form.useWatch('type', form);
  const moduleId = Form.useWatch('moduleId', form);
  useEffect(() => {
    if (!open || !row) return;
    const target = readProperties(row.propertyJson).moduleId;
    form.setFieldsValue({ ...row, moduleId: typeof target === 'string' ? target : undefined });
  }, [open, row, form]);
  const forms = useQuery({
    queryKey: ['system', 'menu', 'targets', 'forms'],
    queryFn: menuApi.releasedForms,
    enabled: open && type === 3,
  });
  const categories = useQuery({
    queryKey: ['system', 'menu', 'targets', 'dictionaries'],
    queryFn: menuApi.dictionaryTypes,
    enabled: open && type === 4,
  });
  const chosenCategory = type === 4 && moduleId ? findNode(categories.data ?? [], moduleId) : undefined;
  const storedIsTree = Number(readProperties(row?.propertyJson).isTree) === 1 ? 1 : 0;
  // until the categories have loaded, the menu's own value
  const categoryIsTree = chosenCategory
    ? chosenCategory.isTree === 1
      ? 1
      : 0
    : row?.type === 4
      ? storedIsTree
      : undefined;
  const flagLabels = [t('buttonAuth'), t('columnAuth'), t('formAuth'), t('dataAuth')];
  return (
    <FormDialog<FormValues>
      open={open}
      title={row ? t('edit') : parentId && parentId !== TOP ? t('addChild') : t('add')}
      form={form}
      width={760}
      initialValues={{
        parentId: parentId ?? TOP,
        type: 2,
        enabledMark: 1,
        sortCode: 0,
        linkTarget: '_self',
        isButtonAuthorize: 0,
        isColumnAuthorize: 0,
        isFormAuthorize: 0,
        isDataAuthorize: 0,
      }}
      onCancel={onClose}
      onSaved={onSaved}
      onSubmit={({ moduleId: target, ...values }) => {
        const route = values.urlAddress?.trim() ?? '';
        const input: MenuInput = {
          ...values,
          systemId,
          category,
          icon: values.icon ?? '',
          urlAddress:
            !route && category === 'Web' && values.type in ROUTE_OF_TYPE
              ? derivedRoute(values.type, values.enCode)
              : route,
          description: values.description ?? '',
          sortCode: values.sortCode ?? 0,
          propertyJson: propertiesToSave(values.type, row?.propertyJson, target, categoryIsTree),
        };
        return row ? menuApi.update(row.id, { ...input, version: row.version }) : menuApi.create(input);
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="parentId" label={t('parent')}>
            <TreeSelect
              showSearch
              treeNodeFilterProp="title"
              treeData={[
                { value: TOP, title: t('topLevel'), key: TOP },
                ...toTreeData(without(menus, row?.id) as never),
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="type" label={t('type')} rules={[{ required: true, message: t('typeRequired') }]}>
            <Select options={[1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ value: n, label: t(`type${n}` as 'type1') }))} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <NameCodeFields texts={t} variant="menu" />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="icon" label={t('icon')} rules={[maxLength(s('nameTooLong'), 200)]}>
            <Input placeholder="icon-ym icon-ym-…" autoComplete="off" />
          </Form.Item>
          {type !== 1 && (
            <Form.Item name="urlAddress" label={t('urlAddress')} rules={[maxLength(s('nameTooLong'), 1000)]}>
              <Input autoComplete="off" />
            </Form.Item>
          )}
        </Col>
      </Row>
      {type === 3 && (
        <Form.Item name="moduleId" label={t('targetForm')} rules={[{ required: true, message: t('formRequired') }]}>
          <TreePicker
            loading={forms.isLoading}
            treeData={toTreeData((forms.data ?? []) as SelectorNode[], (n) => (n as TargetNode).state !== undefined)}
          />
        </Form.Item>
      )}
      {type === 4 && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="moduleId"
              label={t('targetDictionary')}
              rules={[{ required: true, message: t('dictionaryRequired') }]}
            >
              <TreePicker
                loading={categories.isLoading}
                treeData={toTreeData((categories.data ?? []) as SelectorNode[], (n) => !DICTIONARY_ROOTS.has(n.id))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('isTree')} extra={t('isTreeHint')}>
              <Switch
                size="small"
                disabled
                aria-label={t('isTree')}
                checked={categoryIsTree === 1}
                checkedChildren={t('treeYes')}
                unCheckedChildren={t('treeNo')}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      {type === 5 && (
        <Form.Item
          name="moduleId"
          label={t('targetReport')}
          extra={t('reportHint')}
          rules={[{ required: true, whitespace: true, message: t('reportRequired') }, maxLength(s('nameTooLong'), 64)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      )}
      {type === 8 && <Alert type="info" showIcon title={t('portalMissing')} style={{ marginBottom: 16 }} />}
      {type === 7 && (
        <Form.Item name="linkTarget" label={t('linkTarget')}>
          <Select
            options={[
              { value: '_self', label: '_self' },
              { value: '_blank', label: '_blank' },
            ]}
          />
        </Form.Item>
      )}
      <Row gutter={16}>
        {FLAGS.map((flag, i) => (
          <Col xs={12} md={6} key={flag}>
            <Form.Item
              name={flag}
              label={flagLabels[i]}
              labelCol={{ flex: '80px' }}
              getValueProps={(value: number) => ({ checked: value === 1 })}
              normalize={(checked: boolean) => (checked ? 1 : 0)}
            >
              <Switch size="small" />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <TailFields />
    </FormDialog>
  );
}

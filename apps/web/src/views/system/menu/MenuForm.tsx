// The menu dialog: parent (a menu of the same system and side, or the top), type, name, code, icon, route,
// how a link opens, which permission kinds the menu uses, sort, state and description.
import { Col, Form, Input, Row, Select, Switch, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { FormDialog, maxLength } from '../../../components/admin';
import { NameCodeFields, TailFields } from '../../../components/form/CommonFields';
import { fieldTexts } from '../../../components/form/texts';
import { toTreeData } from '../../../components/directory/trees';
import { menuApi, type MenuInput, type MenuRow } from './api';
import { texts } from './texts';

const TOP = '-1';
const FLAGS = ['isButtonAuthorize', 'isColumnAuthorize', 'isFormAuthorize', 'isDataAuthorize'] as const;

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
  const [form] = Form.useForm<MenuInput>();
  const type = Form.useWatch('type', form);
  useEffect(() => {
    if (open && row) form.setFieldsValue(row);
  }, [open, row, form]);
  const flagLabels = [t('buttonAuth'), t('columnAuth'), t('formAuth'), t('dataAuth')];
  return (
    <FormDialog<MenuInput>
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
      onSubmit={(values) => {
        const input: MenuInput = {
          ...values,
          systemId,
          category,
          icon: values.icon ?? '',
          urlAddress: values.urlAddress ?? '',
          description: values.description ?? '',
          sortCode: values.sortCode ?? 0,
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

// The conditions of a data-permission scheme, edited inside the scheme's form (form values `conditionJson`
// and `matchLogic`): groups joined by the scheme's matchLogic, each with its own logic over its conditions.
// A condition picks one of the menu's fields, then an operator that field allows, then a value the way the
// field's value source says: a system variable is fixed, text, number and date are typed, the rest are
// picked; between takes two values, in/notIn several, null/notNull none. Every gap is named on its control.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Divider, Flex, Form, Input, Radio, Select, Typography, type FormListFieldData } from 'antd';
import type { Rule } from 'antd/es/form';
import type { DataFieldRow } from './api';
import {
  isPicker,
  isVariable,
  opName,
  opsOf,
  sourceName,
  sourceOf,
  valueMissing,
  valueShape,
  type ConditionGroupValues,
  type ConditionOp,
} from './conditions';
import { texts } from './texts';
import { MsDatePicker, PickerInput, ScalarInput, TagsInput } from './ValueInputs';

export const CONDITIONS = 'conditionJson';

/** a new group starts with one empty condition */
export const newGroup = (): ConditionGroupValues => ({ logic: 'and', groups: [{}] });

const rowStyle = { marginBottom: 0 } as const;

function ConditionRow({
  groupName,
  row,
  fields,
  disabled,
  onRemove,
}: {
  groupName: number;
  row: FormListFieldData;
  fields: readonly DataFieldRow[];
  disabled?: boolean;
  onRemove: () => void;
}) {
  const t = texts.useText();
  const form = Form.useFormInstance();
  const path = [CONDITIONS, groupName, 'groups', row.name];
  const fieldId = Form.useWatch<string | undefined>([...path, 'id'], form);
  const op = Form.useWatch<ConditionOp | undefined>([...path, 'op'], form);
  const field = fields.find((f) => f.id === fieldId);
  const source = sourceOf(field);
  const ops = opsOf(field);
  const shape = field && op ? valueShape(op, source) : 'none';

  const missing = (message: string, check: (v: unknown) => boolean): Rule => ({
    validator: (_rule, value) => (check(value) ? Promise.reject(new Error(message)) : Promise.resolve()),
  });
  const valueRule = (kind: 'one' | 'many') => missing(t('valueMissing'), (v) => valueMissing(v, kind));

  const widget = (kind: 'one' | 'many', placeholder: string) => {
    const multiple = kind === 'many';
    if (isPicker(source)) return <PickerInput source={source} multiple={multiple} placeholder={placeholder} />;
    if (source === 'datePicker') return <MsDatePicker multiple={multiple} placeholder={placeholder} />;
    const numeric = source === 'inputNumber';
    return multiple ? (
      <TagsInput numeric={numeric} placeholder={placeholder} />
    ) : (
      <ScalarInput numeric={numeric} placeholder={placeholder} />
    );
  };

  // what the value column shows: a fixed variable, nothing, one, two or several values
  let value = null;
  if (field && op && isVariable(source) && op !== 'null' && op !== 'notNull')
    value = (
      <Form.Item style={rowStyle}>
        <Input value={sourceName(t, source)} readOnly aria-label={t('pickValue')} variant="filled" />
      </Form.Item>
    );
  else if (shape === 'one' || shape === 'many')
    value = (
      <Form.Item name={[row.name, 'value']} rules={[valueRule(shape)]} style={rowStyle}>
        {widget(shape, t('pickValue'))}
      </Form.Item>
    );
  else if (shape === 'pair')
    value = (
      <Flex gap={6} align="flex-start">
        <Form.Item name={[row.name, 'value', 0]} rules={[valueRule('one')]} style={{ ...rowStyle, flex: 1 }}>
          {widget('one', t('valueFrom'))}
        </Form.Item>
        <span style={{ lineHeight: '32px' }}>~</span>
        <Form.Item name={[row.name, 'value', 1]} rules={[valueRule('one')]} style={{ ...rowStyle, flex: 1 }}>
          {widget('one', t('valueTo'))}
        </Form.Item>
      </Flex>
    );

  const fieldOptions = fields
    .filter((f) => f.enabledMark === 1 || f.id === fieldId)
    .map((f) => ({
      value: f.id,
      label: f.enabledMark === 1 ? f.fullName : t('fieldDisabled', { name: f.fullName }),
      title: f.enCode,
    }));

  return (
    <Flex gap={8} wrap align="flex-start" data-testid="condition-row">
      <Form.Item
        name={[row.name, 'id']}
        rules={[{ required: true, message: t('fieldMissing') }]}
        style={{ ...rowStyle, width: 170 }}
      >
        <Select
          aria-label={t('pickField')}
          placeholder={t('pickField')}
          disabled={disabled}
          showSearch={{ optionFilterProp: 'label' }}
          options={fieldOptions}
          onChange={(id: string) => {
            // another field: its first operator and no value yet
            const next = fields.find((f) => f.id === id);
            form.setFieldValue([...path, 'op'], opsOf(next)[0]);
            form.setFieldValue([...path, 'value'], undefined);
          }}
        />
      </Form.Item>
      <Form.Item
        name={[row.name, 'op']}
        // without a field only the field is named missing
        rules={[missing(t('opMissing'), (v) => !!field && !ops.includes(v as ConditionOp))]}
        style={{ ...rowStyle, width: 150 }}
      >
        <Select
          aria-label={t('pickOp')}
          placeholder={t('pickOp')}
          disabled={disabled || !field}
          options={ops.map((o) => ({ value: o, label: opName(t, o) }))}
          onChange={(next: ConditionOp) => {
            // keep the value while it still fits the operator's shape
            if (valueShape(next, source) !== valueShape(op, source)) form.setFieldValue([...path, 'value'], undefined);
          }}
        />
      </Form.Item>
      <div style={{ flex: '1 1 200px', minWidth: 0 }}>{value}</div>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('removeCondition')}
        title={t('removeCondition')}
        disabled={disabled}
        onClick={onRemove}
      />
    </Flex>
  );
}

export function ConditionEditor({ fields, disabled }: { fields: readonly DataFieldRow[]; disabled?: boolean }) {
  const t = texts.useText();
  const matchLogic = Form.useWatch<'and' | 'or' | undefined>('matchLogic');
  const groupCount = Form.useWatch<unknown[] | undefined>(CONDITIONS)?.length ?? 0;
  const logicOptions = [
    { value: 'and', label: t('logicAnd') },
    { value: 'or', label: t('logicOr') },
  ];
  return (
    <Flex vertical gap={8}>
      {/* how the groups join: outside the list, whose items' names are relative to it */}
      <Flex align="center" gap={8} style={groupCount < 2 ? { display: 'none' } : undefined}>
        <Typography.Text type="secondary">{t('matchLogicHint')}</Typography.Text>
        <Form.Item name="matchLogic" noStyle>
          <Radio.Group optionType="button" size="small" options={logicOptions} disabled={disabled} />
        </Form.Item>
      </Flex>
      <Form.List name={CONDITIONS}>
        {(groups, { add, remove }, { errors }) => (
          <Flex vertical gap={8}>
            {!fields.length && <Typography.Text type="warning">{t('noFields')}</Typography.Text>}
            {!groups.length && <Typography.Text type="secondary">{t('noConditions')}</Typography.Text>}
            {groups.map((group, index) => (
              <div key={group.key}>
                {index > 0 && (
                  <Divider plain style={{ margin: '4px 0 12px' }}>
                    {matchLogic === 'or' ? t('logicOr') : t('logicAnd')}
                  </Divider>
                )}
                <Card
                  size="small"
                  data-testid="condition-group"
                  title={t('conditionGroup', { n: index + 1 })}
                  extra={
                    <Flex align="center" gap={8}>
                      <Typography.Text type="secondary">{t('groupLogic')}</Typography.Text>
                      <Form.Item name={[group.name, 'logic']} noStyle>
                        <Radio.Group optionType="button" size="small" options={logicOptions} disabled={disabled} />
                      </Form.Item>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('removeGroup')}
                        title={t('removeGroup')}
                        disabled={disabled}
                        onClick={() => remove(group.name)}
                      />
                    </Flex>
                  }
                >
                  <Form.List
                    name={[group.name, 'groups']}
                    rules={[
                      {
                        validator: (_rule, rows: unknown[] | undefined) =>
                          rows?.length ? Promise.resolve() : Promise.reject(new Error(t('groupEmpty'))),
                      },
                    ]}
                  >
                    {(rows, rowActions, { errors: groupErrors }) => (
                      <Flex vertical gap={8}>
                        {rows.map((row) => (
                          <ConditionRow
                            key={row.key}
                            groupName={group.name}
                            row={row}
                            fields={fields}
                            disabled={disabled}
                            onRemove={() => rowActions.remove(row.name)}
                          />
                        ))}
                        <Form.ErrorList errors={groupErrors} />
                        <div>
                          <Button
                            type="dashed"
                            size="small"
                            icon={<PlusOutlined />}
                            disabled={disabled || !fields.length}
                            onClick={() => rowActions.add({})}
                          >
                            {t('addCondition')}
                          </Button>
                        </div>
                      </Flex>
                    )}
                  </Form.List>
                </Card>
              </div>
            ))}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              disabled={disabled || !fields.length}
              onClick={() => add(newGroup())}
            >
              {t('addGroup')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Flex>
  );
}

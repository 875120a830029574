// The calculate field's formula: a list of tokens in core's format — digits, operators and parentheses as text,
// and field references {__vModel__, label} of the form's number fields and of sub-table columns
// ("table.column": summed, or in a calculated column of that table, the same row's cell). Checked as it is built
// with core's parser, the one the form and the server run.
import { validateCalculateExpression, widgetMessage, type CalculateToken, type FieldConfig } from '@jnpf/core';
import { Button, Select, Space, Tag } from 'antd';
import { SUB_TABLE_KEY } from '@jnpf/core';
import { currentLanguage } from '../../../../platform/i18n';
import { widgetOf } from '../../../../widgets';
import { isSummableField } from './model';
import { designerTexts } from './texts';
import { PanelItem } from '../../../../widgets/panel/PanelItem';

const KEYS = ['7', '8', '9', '+', '4', '5', '6', '-', '1', '2', '3', '×', '0', '.', '(', ')', '÷'] as const;

/** a number a formula may read: what a total row sums, or another calculated field */
const isNumberField = (field: FieldConfig) =>
  isSummableField(field) || (widgetOf(field.__config__.jnpfKey)?.design.operand === true && !!field.__vModel__);

/**
 * the operands a formula may use: the form's number fields and the number columns of its sub-tables (labelled as
 * the row's cell, `rowCell`, when the formula is a column of that table)
 */
export function expressionOperands(
  fields: readonly FieldConfig[],
  self: FieldConfig,
  columnSum: (table: string, column: string) => string,
  rowCell: (table: string, column: string) => string = columnSum,
): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  const walk = (list: readonly FieldConfig[]) => {
    for (const field of list) {
      if (field === self || field.__vModel__ === self.__vModel__) continue;
      const label = field.__config__.label ?? field.__vModel__;
      if (field.__config__.jnpfKey === SUB_TABLE_KEY) {
        const columns = field.__config__.children ?? [];
        const inRow = columns.some((column) => column === self || column.__vModel__ === self.__vModel__);
        for (const column of columns)
          if (isNumberField(column) && column !== self && column.__vModel__ !== self.__vModel__)
            out.push({
              value: `${field.__vModel__}.${column.__vModel__}`,
              label: (inRow ? rowCell : columnSum)(label, column.__config__.label ?? column.__vModel__),
            });
        continue;
      }
      if (isNumberField(field)) out.push({ value: field.__vModel__, label });
      if (field.__config__.children) walk(field.__config__.children);
    }
  };
  walk(fields);
  return out;
}

const tokenText = (token: CalculateToken) =>
  typeof token === 'object' ? (token.label ?? token.__vModel__) : String(token);

export function ExpressionEditor({
  field,
  fields,
  onChange,
}: {
  field: FieldConfig;
  fields: readonly FieldConfig[];
  onChange: (field: FieldConfig) => void;
}) {
  const t = designerTexts.useText();
  const expression: CalculateToken[] = Array.isArray(field.expression) ? (field.expression as CalculateToken[]) : [];
  const operands = expressionOperands(
    fields,
    field,
    (table, column) => t('expressionColumnSum', { table, column }),
    (table, column) => t('expressionRowCell', { table, column }),
  );
  const set = (next: CalculateToken[]) => onChange({ ...field, expression: next });
  const check = validateCalculateExpression(expression);
  return (
    <PanelItem
      label={t('expression')}
      validateStatus={check.ok ? undefined : 'warning'}
      help={check.ok ? undefined : widgetMessage(check.error, currentLanguage(), field.__config__.label)}
    >
      <div data-testid="expression" style={{ minHeight: 32, border: '1px solid #d9d9d9', borderRadius: 6, padding: 4 }}>
        {expression.map((token, index) => (
          <Tag key={index} color={typeof token === 'object' ? 'blue' : undefined}>
            {tokenText(token)}
          </Tag>
        ))}
      </div>
      <Select
        aria-label={t('expressionField')}
        placeholder={t('expressionField')}
        style={{ width: '100%', marginTop: 8 }}
        value={null}
        options={operands}
        onChange={(value: string) => {
          const operand = operands.find((o) => o.value === value);
          if (operand) set([...expression, { __vModel__: operand.value, label: operand.label }]);
        }}
      />
      <Space wrap size={4} style={{ marginTop: 8 }}>
        {KEYS.map((key) => (
          <Button key={key} size="small" onClick={() => set([...expression, key])}>
            {key}
          </Button>
        ))}
        <Button size="small" onClick={() => set(expression.slice(0, -1))}>
          {t('expressionUndo')}
        </Button>
        <Button size="small" danger onClick={() => set([])}>
          {t('expressionClear')}
        </Button>
      </Space>
    </PanelItem>
  );
}

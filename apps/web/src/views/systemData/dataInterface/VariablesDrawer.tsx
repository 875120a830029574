// The variables of an interface (接口变量) in a drawer: a searchable list (name, current value, when changed)
// with add, edit, copy and delete, each behind its button and delete and copy confirmed. A variable is a
// JavaScript expression evaluated over the interface's result; other interfaces use it as {@name}.
import { Drawer, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { DRAWER_WIDTH, FormDialog, maxLength, required } from '../../../components/admin';
import { CrudFrame, type FormSlot } from '../../../components/crud/CrudList';
import { useRecordDialog } from '../../../components/crud/recordDialog';
import { useQueryList, type QueryList } from '../../../components/crud/useQueryList';
import {
  interfaceKeys,
  variableApi,
  type InterfaceRow,
  type VariableInfo,
  type VariableInput,
  type VariableRow,
} from './api';
import { texts } from './texts';

export function VariablesDrawer({ row, onClose }: { row?: InterfaceRow; onClose: () => void }) {
  const t = texts.useText();
  return (
    <Drawer
      open={!!row}
      title={row ? t('variablesTitle', { name: row.fullName }) : ''}
      size={DRAWER_WIDTH}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { padding: 12 } }}
    >
      {row && <Variables interfaceId={row.id} />}
    </Drawer>
  );
}

function Variables({ interfaceId }: { interfaceId: string }) {
  const t = texts.useText();
  const table = useQueryList<VariableRow>({
    queryKey: interfaceKeys.variables(interfaceId),
    load: (keyword) => variableApi.list(interfaceId, keyword),
  });
  return (
    <CrudFrame<VariableRow, QueryList<VariableRow>>
      embedded
      title={t('variables')}
      table={table}
      showIndex
      columns={[
        { title: t('varName'), dataIndex: 'fullName', width: 150, ellipsis: true },
        { title: t('varValue'), dataIndex: 'value', width: 160, ellipsis: true },
        {
          title: t('lastModifyTime'),
          dataIndex: 'lastModifyTime',
          width: 150,
          render: (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : ''),
        },
      ]}
      tail={{ sortCode: false, state: false }}
      remove={(variable) => variableApi.remove(variable.id)}
      more={(variable, { confirm, refresh }) => [
        {
          key: 'copy',
          label: t('copy'),
          code: 'btn_add',
          onClick: () => confirm(t('varCopyTip'), { action: () => variableApi.copy(variable.id), onDone: refresh }),
        },
      ]}
      renderForm={(slot) => <VariableForm {...slot} interfaceId={interfaceId} />}
    />
  );
}

interface Values {
  fullName: string;
  expression: string;
}

function VariableForm({ interfaceId, ...slot }: FormSlot & { interfaceId: string }) {
  const t = texts.useText();
  const editing = Boolean(slot.id);
  const { info, dialogProps } = useRecordDialog<VariableInfo, Values>({
    slot,
    queryKey: ['systemData', 'dataInterface', 'variable', slot.id],
    load: variableApi.info,
    titles: { add: t('varAdd'), edit: t('varEdit') },
    fill: (read) => ({ fullName: read.fullName, expression: read.expression ?? '' }),
  });
  return (
    <FormDialog<Values>
      {...dialogProps}
      onSubmit={(values) => {
        const input: VariableInput = {
          interfaceId,
          fullName: values.fullName.trim(),
          expression: values.expression.trim(),
        };
        return editing
          ? variableApi.update(slot.id!, { ...input, version: info.data?.version })
          : variableApi.create(input);
      }}
    >
      <Form.Item
        name="fullName"
        label={t('varName')}
        rules={[
          required(t('varNameRequired')),
          maxLength(t('tooLong', { n: 50 })),
          { pattern: /^[^@]*$/, message: t('varNameAt') },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="expression"
        label={t('varExpression')}
        extra={t('varExpressionHint')}
        rules={[required(t('varExpressionRequired')), maxLength(t('tooLong', { n: 2000 }), 2000)]}
      >
        <Input.TextArea rows={5} style={{ fontFamily: 'monospace' }} spellCheck={false} />
      </Form.Item>
    </FormDialog>
  );
}

// The release dialog (btn_edit): the application and, in it, the Web directory the function's menu goes
// under. Confirming posts Actions/Release {pc:1, pcSystemId, pcModuleParentId, app:0}; the server's message
// shows and the list refreshes.
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Select, TreeSelect, type TreeSelectProps } from 'antd';
import { useEffect } from 'react';
import { FormDialog, required } from '../../../components/admin';
import { useSession } from '../../../platform/session';
import { webDesignApi, webDesignKeys, type DesignRow, type MenuNode } from './api';
import { texts } from './texts';

interface Values {
  pcSystemId: string;
  pcModuleParentId: string;
}

function toTreeData(nodes: readonly MenuNode[]): NonNullable<TreeSelectProps['treeData']> {
  return nodes.map((node) => ({
    value: node.id,
    title: node.fullName,
    key: node.id,
    children: node.children?.length ? toTreeData(node.children) : undefined,
  }));
}

export function ReleaseDialog({
  row,
  onClose,
  onReleased,
}: {
  /** the design to release; the dialog is open while set */
  row: DesignRow | null;
  onClose: () => void;
  onReleased: () => void;
}) {
  const t = texts.useText();
  const [form] = Form.useForm<Values>();
  const open = row !== null;
  const systemId = Form.useWatch('pcSystemId', form);
  const currentSystem = useSession((s) => s.userInfo?.systemIds?.find((x) => x.currentSystem)?.id);
  const systems = useQuery({
    queryKey: [...webDesignKeys.all, 'systems'],
    queryFn: webDesignApi.systems,
    enabled: open,
  });
  const directories = useQuery({
    queryKey: [...webDesignKeys.all, 'directories', systemId],
    queryFn: () => webDesignApi.directories(systemId!),
    enabled: open && !!systemId,
    staleTime: 0,
  });

  // start in the user's current application (or the first one) once the applications are known
  useEffect(() => {
    const list = systems.data;
    if (!open || !list?.length || form.getFieldValue('pcSystemId')) return;
    const preferred = list.find((s) => s.id === currentSystem) ?? list[0]!;
    form.setFieldValue('pcSystemId', preferred.id);
  }, [open, systems.data, currentSystem, form]);

  const noDirectories = !!systemId && directories.isSuccess && directories.data.length === 0;

  return (
    <FormDialog<Values>
      open={open}
      title={row ? `${t('releaseTitle')} · ${row.fullName}` : t('releaseTitle')}
      form={form}
      loading={systems.isLoading}
      loadError={systems.isError}
      onRetry={() => void systems.refetch()}
      onCancel={onClose}
      onSaved={onReleased}
      onSubmit={(values) =>
        webDesignApi.release(row!.id, {
          pc: 1,
          pcSystemId: values.pcSystemId,
          pcModuleParentId: values.pcModuleParentId,
          app: 0,
        })
      }
      formProps={{
        onValuesChange: (changed: Partial<Values>) => {
          if ('pcSystemId' in changed) form.setFieldValue('pcModuleParentId', undefined);
        },
      }}
    >
      <Alert type="info" showIcon title={t('releaseHint')} style={{ marginBottom: 16 }} />
      <Form.Item name="pcSystemId" label={t('system')} rules={[required(t('systemRequired'))]}>
        <Select
          options={(systems.data ?? []).map((s) => ({ value: s.id, label: s.fullName }))}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('system')}
        />
      </Form.Item>
      <Form.Item
        name="pcModuleParentId"
        label={t('parentMenu')}
        rules={[required(t('parentRequired'))]}
        help={noDirectories ? t('noDirectories') : undefined}
      >
        <TreeSelect
          treeData={toTreeData(directories.data ?? [])}
          loading={directories.isFetching}
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder={t('parentMenu')}
        />
      </Form.Item>
    </FormDialog>
  );
}

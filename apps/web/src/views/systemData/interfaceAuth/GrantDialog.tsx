// 授权接口: which data interfaces an application may call. The interfaces come from the data-interface
// selector (categories holding interfaces); the ticked ones are saved as the application's list.
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Modal, Spin, Tree, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { kitTexts, LoadError, showFailure, showServerSuccess } from '../../../components/admin';
import { authApi, type AuthRow, type InterfaceNode } from './api';
import { texts } from './texts';

/** an interface rather than a category: category "1", or a node without children that is not a category */
const isInterface = (node: InterfaceNode) => node.category === '1' || (node.category !== '0' && !node.children?.length);

function interfaceIds(nodes: readonly InterfaceNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (isInterface(node)) into.add(node.id);
    if (node.children) interfaceIds(node.children, into);
  }
  return into;
}

function toTree(nodes: readonly InterfaceNode[]): TreeDataNode[] {
  return nodes
    .filter((node) => isInterface(node) || node.children?.length)
    .map((node) => ({
      key: node.id,
      title: node.enCode && isInterface(node) ? `${node.fullName} (${node.enCode})` : node.fullName,
      children: node.children?.length ? toTree(node.children) : undefined,
    }));
}

export function GrantDialog({ app, onClose }: { app?: AuthRow; onClose: () => void }) {
  const t = texts.useText();
  const k = kitTexts.useText();
  const open = !!app;
  const tree = useQuery({
    queryKey: ['systemData', 'interfaceAuth', 'interfaces'],
    queryFn: authApi.interfaceTree,
    enabled: open,
  });
  const info = useQuery({
    queryKey: ['systemData', 'interfaceAuth', 'info', app?.id],
    queryFn: () => authApi.info(app!.id),
    enabled: open,
    gcTime: 0,
    staleTime: 0,
  });
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open && info.data) setChecked((info.data.list ?? []).map((item) => item.id));
  }, [open, info.data]);
  const ids = useMemo(() => interfaceIds(tree.data ?? []), [tree.data]);
  const treeData = useMemo(() => toTree(tree.data ?? []), [tree.data]);

  const save = async () => {
    if (!app) return;
    setSaving(true);
    try {
      showServerSuccess(
        await authApi.saveInterfaces(
          app.id,
          checked.filter((id) => ids.has(id)),
        ),
      );
      onClose();
    } catch (error) {
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const failed = tree.isError || info.isError;
  const loading = tree.isLoading || info.isLoading;
  return (
    <Modal
      open={open}
      title={app ? t('grantTitle', { name: app.appName }) : ''}
      onCancel={onClose}
      onOk={() => void save()}
      okText={k('confirm')}
      cancelText={k('cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: failed || loading }}
      destroyOnHidden
      width={600}
    >
      {failed ? (
        <LoadError
          onRetry={() => {
            void tree.refetch();
            void info.refetch();
          }}
        />
      ) : loading ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noInterfaces')} />
      ) : (
        <>
          <Alert type="info" showIcon title={t('grantHint')} style={{ marginBottom: 12 }} />
          <div style={{ maxHeight: 400, overflow: 'auto' }}>
            <Tree
              checkable
              defaultExpandAll
              selectable={false}
              treeData={treeData}
              checkedKeys={checked}
              onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
            />
          </div>
        </>
      )}
    </Modal>
  );
}

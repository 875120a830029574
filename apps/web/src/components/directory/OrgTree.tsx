// The organisation tree on the left of a list screen: top organisations first, the children of a node
// loaded when it opens (GET /api/permission/Organize/AsyncList/{id}); a filter box searches the whole tree
// (GET /api/permission/Organize?keyword=). Loading, empty and error states; refresh reloads.
import { ApartmentOutlined, ReloadOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { LoadError } from '../admin';
import styles from '../admin/admin.module.css';
import { http } from '../../platform/request';
import { directoryTexts } from './texts';

export interface OrgRow {
  id: string;
  parentId?: string;
  fullName: string;
  type?: string;
  hasChildren?: boolean;
  isLeaf?: boolean;
  children?: OrgRow[] | null;
}

export const ORG_ROOT = '-1';

export async function loadOrgChildren(id: string): Promise<OrgRow[]> {
  return (await http.get<{ list: OrgRow[] }>(`/api/permission/Organize/AsyncList/${id}`)).data?.list ?? [];
}

export async function searchOrgs(keyword: string): Promise<OrgRow[]> {
  return (await http.get<{ list: OrgRow[] }>('/api/permission/Organize', { keyword })).data?.list ?? [];
}

function toNode(row: OrgRow, loaded: boolean): TreeDataNode {
  const children = row.children?.length ? row.children.map((c) => toNode(c, loaded)) : undefined;
  return {
    key: row.id,
    title: row.fullName,
    icon: row.type === 'department' ? <TeamOutlined /> : <ApartmentOutlined />,
    isLeaf: loaded ? !children : (row.isLeaf ?? !row.hasChildren),
    children,
  };
}

function replaceChildren(nodes: TreeDataNode[], key: string, children: TreeDataNode[]): TreeDataNode[] {
  return nodes.map((node) =>
    node.key === key
      ? { ...node, children, isLeaf: children.length === 0 }
      : node.children
        ? { ...node, children: replaceChildren(node.children, key, children) }
        : node,
  );
}

function allKeys(nodes: readonly TreeDataNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [String(n.key), ...allKeys(n.children)] : []));
}

export function OrgTree({
  selectedId,
  onSelect,
}: {
  selectedId?: string;
  /** '' = no organisation chosen (everything) */
  onSelect: (id: string, name: string) => void;
}) {
  const t = directoryTexts.useText();
  const [nodes, setNodes] = useState<TreeDataNode[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loadedKeys, setLoadedKeys] = useState<string[]>([]);

  const load = useCallback(async (search: string) => {
    setLoading(true);
    setError(false);
    try {
      if (search) {
        const tree = (await searchOrgs(search)).map((r) => toNode(r, true));
        setNodes(tree);
        setExpanded(allKeys(tree));
        setLoadedKeys(allKeys(tree));
      } else {
        setNodes((await loadOrgChildren(ORG_ROOT)).map((r) => toNode(r, false)));
        setExpanded([]);
        setLoadedKeys([]);
      }
    } catch {
      setError(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(applied);
  }, [load, applied]);

  const loadData = async (node: TreeDataNode) => {
    if (node.children?.length) return;
    const key = String(node.key);
    const children = (await loadOrgChildren(key)).map((r) => toNode(r, false));
    setNodes((current) => replaceChildren(current, key, children));
    setLoadedKeys((keys) => [...keys, key]);
  };

  return (
    <div className={styles.treePanel}>
      <div className={styles.treeHeader}>
        <span className={styles.treeTitle}>{t('orgTree')}</span>
        <Button
          type="text"
          size="small"
          icon={<ReloadOutlined />}
          aria-label={t('refresh')}
          title={t('refresh')}
          onClick={() => void load(applied)}
        />
      </div>
      <div className={styles.treeFilter}>
        <Input.Search
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            if (!event.target.value) setApplied('');
          }}
          onSearch={(value) => setApplied(value.trim())}
          placeholder={t('filter')}
          aria-label={t('filter')}
          allowClear
        />
      </div>
      <div className={styles.treeBody}>
        {error ? (
          <LoadError onRetry={() => void load(applied)} />
        ) : loading && !nodes.length ? (
          <div className={styles.center}>
            <Spin />
          </div>
        ) : nodes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Spin spinning={loading}>
            <Tree
              blockNode
              showIcon
              treeData={nodes}
              loadData={applied ? undefined : loadData}
              loadedKeys={loadedKeys}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys.map(String))}
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(_keys, info) =>
                info.selected ? onSelect(String(info.node.key), String(info.node.title)) : onSelect('', '')
              }
            />
          </Spin>
        )}
      </div>
    </div>
  );
}

// The left-hand tree of administration screens: a title with a menu (refresh, expand all, collapse all and
// the caller's items), a filter box, and the tree with its loading, empty and error states.
import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, Input, Spin, Tree, type MenuProps, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import styles from './admin.module.css';
import { LoadError } from './states';
import { kitTexts } from './texts';
import { filterTree, parentIds, type TreeRecord } from './treeUtils';

export interface TreePanelProps<N extends TreeRecord> {
  title: ReactNode;
  nodes: readonly N[];
  loading?: boolean;
  error?: boolean;
  onRefresh: () => void;
  selectedId?: string;
  onSelect?: (node: N) => void;
  /** nodes that cannot be selected (e.g. synthetic roots) */
  isSelectable?: (node: N) => boolean;
  /** more menu entries after refresh / expand all / collapse all */
  menuItems?: MenuProps['items'];
  onMenuClick?: (key: string) => void;
  /** expand everything whenever new nodes arrive (default true) */
  expandOnLoad?: boolean;
}

export function TreePanel<N extends TreeRecord>({
  title,
  nodes,
  loading = false,
  error = false,
  onRefresh,
  selectedId,
  onSelect,
  isSelectable,
  menuItems = [],
  onMenuClick,
  expandOnLoad = true,
}: TreePanelProps<N>) {
  const t = kitTexts.useText();
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);
  const visible = useMemo(() => filterTree(nodes, filter), [nodes, filter]);

  useEffect(() => {
    if (expandOnLoad || filter) setExpanded(parentIds(visible));
  }, [visible, expandOnLoad, filter]);

  const byId = useMemo(() => {
    const map = new Map<string, N>();
    const walk = (list: readonly TreeRecord[]) =>
      list.forEach((n) => {
        map.set(n.id, n as N);
        if (n.children) walk(n.children);
      });
    walk(nodes);
    return map;
  }, [nodes]);

  const treeData = useMemo(() => {
    const convert = (list: readonly TreeRecord[]): TreeDataNode[] =>
      list.map((n) => ({
        key: n.id,
        title: n.fullName,
        selectable: isSelectable ? isSelectable(n as N) : true,
        children: n.children?.length ? convert(n.children) : undefined,
      }));
    return convert(visible);
  }, [visible, isSelectable]);

  const items: MenuProps['items'] = [
    { key: 'refresh', label: t('refreshData') },
    { key: 'expandAll', label: t('expandAll') },
    { key: 'collapseAll', label: t('collapseAll') },
    ...(menuItems ?? []),
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'refresh') onRefresh();
    else if (key === 'expandAll') setExpanded(parentIds(visible));
    else if (key === 'collapseAll') setExpanded([]);
    else onMenuClick?.(key);
  };

  return (
    <div className={styles.treePanel}>
      <div className={styles.treeHeader}>
        <span className={styles.treeTitle}>{title}</span>
        <Dropdown menu={{ items, onClick }} trigger={['click']}>
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('more')} />
        </Dropdown>
      </div>
      <div className={styles.treeFilter}>
        <Input
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder={t('filterPlaceholder')}
          aria-label={t('filterPlaceholder')}
          allowClear
        />
      </div>
      <div className={styles.treeBody}>
        {error ? (
          <LoadError onRetry={onRefresh} />
        ) : loading && !nodes.length ? (
          <div className={styles.center}>
            <Spin />
          </div>
        ) : treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
        ) : (
          <Spin spinning={loading}>
            <Tree
              blockNode
              treeData={treeData}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys.map(String))}
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(_keys, info) => {
                const node = byId.get(String(info.node.key));
                if (node && info.selected) onSelect?.(node);
              }}
            />
          </Spin>
        )}
      </div>
    </div>
  );
}

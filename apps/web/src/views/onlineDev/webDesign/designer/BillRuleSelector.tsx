// The number-rule (bill rule) field's template selector: a 1000 px dialog with the business categories (the
// businessType dictionary the number-rule screen files rules under) on the left and a searchable, paged table of
// the enabled rules on the right. Its "add" button opens the number-rule screen's own form, for users the
// number-rule menu grants that button; the table reloads once the rule is saved.
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Table, Tree, type TableColumnsType, type TreeDataNode } from 'antd';
import { BUILT_IN_MENUS } from '@jnpf/core';
import { useMemo, useState } from 'react';
import { useRouteTable } from '../../../../app/routes/routeTable';
import { kitTexts, SearchBar, useDictionary, usePagedTable, type DictionaryOption } from '../../../../components/admin';
import { ModuleContext } from '../../../../platform/auth/moduleContext';
import { hasPermission } from '../../../../platform/permission';
import { useSession } from '../../../../platform/session';
import { RuleForm } from '../../../../components/billRule/RuleForm';
import { webDesignKeys, type BillRuleOption } from '../api';
import { designerTexts } from './texts';

const SELECTOR_URL = '/api/system/BillRule/Selector';
const SELECTOR_KEY = ['system', 'billRule', 'selector'] as const;
const BILL_RULE_SCREEN = BUILT_IN_MENUS.billRule.urlAddress;

interface RuleFilters extends Record<string, string> {
  categoryId: string;
}

const toTree = (options: readonly DictionaryOption[]): TreeDataNode[] =>
  options.map((o) => ({ key: o.value, title: o.label, children: o.children ? toTree(o.children) : undefined }));

/** the number-rule menu, when it grants the signed-in user its add button */
function useRuleAdding() {
  const routes = useRouteTable((state) => state.routes);
  const permissionList = useSession((state) => state.permissionList);
  const route = routes.find((r) => r.content.kind === 'page' && r.content.viewKey === BILL_RULE_SCREEN);
  return route && hasPermission(permissionList, route.meta.menuId, 'button', 'btn_add') ? route.meta : null;
}

function SelectorBody({
  value,
  onPick,
  onClose,
}: {
  value: string;
  onPick: (rule: BillRuleOption) => void;
  onClose: () => void;
}) {
  const t = designerTexts.useText();
  const k = kitTexts.useText();
  const client = useQueryClient();
  const categories = useDictionary('businessType');
  const table = usePagedTable<BillRuleOption, RuleFilters>({
    queryKey: SELECTOR_KEY,
    url: SELECTOR_URL,
    initialFilters: { categoryId: '' },
  });
  const [chosen, setChosen] = useState<BillRuleOption | null>(null);
  const [adding, setAdding] = useState(false);
  const addMenu = useRuleAdding();
  const tree = useMemo<TreeDataNode[]>(
    () => [{ key: '', title: t('ruleAllCategories'), children: toTree(categories.options) }],
    [categories.options, t],
  );
  const selectedCode = chosen?.enCode ?? value;
  const columns: TableColumnsType<BillRuleOption> = [
    { title: t('ruleName'), dataIndex: 'fullName', ellipsis: true },
    { title: t('ruleCode'), dataIndex: 'enCode', ellipsis: true },
  ];

  return (
    <>
      <div style={{ display: 'flex', gap: 12, height: 460 }}>
        <div style={{ width: 220, flex: 'none', overflow: 'auto', borderRight: '1px solid rgba(5, 5, 5, 0.06)' }}>
          <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('ruleCategory')}</div>
          <Tree
            // expanded in full once the categories have arrived
            key={categories.isLoading ? 'loading' : 'loaded'}
            aria-label={t('ruleCategory')}
            treeData={tree}
            defaultExpandAll
            blockNode
            selectedKeys={[table.filters.categoryId]}
            onSelect={(keys) => table.setFilter('categoryId', String(keys[0] ?? ''))}
          />
        </div>
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
          <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
            <div style={{ flex: 1 }}>
              <SearchBar
                keyword={table.keyword}
                onKeywordChange={table.setKeyword}
                onSearch={table.search}
                onReset={table.reset}
              />
            </div>
            {addMenu && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {k('add')}
              </Button>
            )}
          </div>
          <Table<BillRuleOption>
            {...table.tableProps}
            rowKey="id"
            size="small"
            columns={columns}
            scroll={{ y: 330 }}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: table.rows.filter((r) => r.enCode === selectedCode).map((r) => r.id),
              onChange: (_keys, rows) => setChosen(rows[0] ?? null),
            }}
            onRow={(row) => ({ onClick: () => setChosen(row), style: { cursor: 'pointer' } })}
          />
        </div>
      </div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 12 }}>
        <Button onClick={onClose}>{k('cancel')}</Button>
        <Button type="primary" disabled={!chosen} onClick={() => chosen && onPick(chosen)}>
          {k('confirm')}
        </Button>
      </div>
      {addMenu && (
        <ModuleContext.Provider value={{ menuId: addMenu.menuId, title: addMenu.title }}>
          <RuleForm
            open={adding}
            onClose={() => setAdding(false)}
            onSaved={() => {
              void table.refresh();
              void client.invalidateQueries({ queryKey: [...webDesignKeys.all, 'billRules'] });
            }}
          />
        </ModuleContext.Provider>
      )}
    </>
  );
}

/** the chosen rule's name in a read-only box; a click opens the selector */
export function BillRuleSelector({
  id,
  value,
  rules,
  onChange,
}: {
  id?: string;
  /** the chosen rule's code */
  value: string;
  /** the enabled rules known so far, to name the chosen one */
  rules: readonly BillRuleOption[];
  onChange: (rule: string) => void;
}) {
  const t = designerTexts.useText();
  const [open, setOpen] = useState(false);
  const known = rules.find((r) => r.enCode === value);
  return (
    <>
      <Input
        id={id}
        readOnly
        value={value ? (known ? `${known.fullName} (${known.enCode})` : value) : ''}
        placeholder={t('choose')}
        style={{ cursor: 'pointer' }}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') setOpen(true);
        }}
      />
      <Modal
        open={open}
        title={t('ruleSelectTitle')}
        width={1000}
        footer={null}
        mask={{ closable: false }}
        destroyOnHidden
        onCancel={() => setOpen(false)}
      >
        <SelectorBody
          value={value}
          onClose={() => setOpen(false)}
          onPick={(rule) => {
            onChange(rule.enCode);
            setOpen(false);
          }}
        />
      </Modal>
    </>
  );
}

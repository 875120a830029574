// The organisation screen: companies and departments as one tree table. The top level and each opened
// node's children load on demand (GET /api/permission/Organize/AsyncList/{id}); a keyword searches the whole
// tree. Add a company or a department (also under a row), edit, enable/disable and delete, each behind its
// button and a confirmation.
import { ApartmentOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  AdminPage,
  EnabledTag,
  kitTexts,
  LoadError,
  parentIds,
  Panel,
  SearchBar,
  Toolbar,
  useConfirmAction,
} from '../../../components/admin';
import { Auth, useAuth } from '../../../platform/auth/Auth';
import { fieldTexts } from '../../../components/form/texts';
import { organizeApi, type OrganizeRow, type OrgKind } from './api';
import { OrganizeForm } from './OrganizeForm';
import { texts } from './texts';

const ROOT = '-1';

interface FormState {
  open: boolean;
  kind: OrgKind;
  id?: string;
  parentId?: string;
}

export default function OrganizePage() {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const k = kitTexts.useText();
  const canEdit = useAuth('btn_edit');
  const canAdd = useAuth('btn_add');
  const { confirmDelete, confirmToggle, holder } = useConfirmAction();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [roots, setRoots] = useState<OrganizeRow[]>([]);
  const [loaded, setLoaded] = useState<Record<string, OrganizeRow[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState(false);
  const [form, setForm] = useState<FormState>({ open: false, kind: 'company' });

  const load = useCallback(async (search: string, keepOpen: string[]) => {
    setLoading(true);
    setError(false);
    try {
      if (search) {
        const found = await organizeApi.search(search);
        setRoots(found);
        setLoaded({});
        setExpanded(parentIds(found));
      } else {
        const [top, ...opened] = await Promise.all([
          organizeApi.children(ROOT),
          ...keepOpen.map((id) => organizeApi.children(id).catch(() => [] as OrganizeRow[])),
        ]);
        setRoots(top ?? []);
        setLoaded(Object.fromEntries(keepOpen.map((id, i) => [id, opened[i] ?? []])));
      }
    } catch {
      setError(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!applied) setExpanded([]);
    void load(applied, []);
  }, [applied, load]);

  const refresh = () => void load(applied, applied ? [] : expanded);

  const data = useMemo(() => {
    const build = (rows: readonly OrganizeRow[]): OrganizeRow[] =>
      rows.map((row) => {
        if (applied) return { ...row, children: row.children?.length ? build(row.children) : undefined };
        const children = loaded[row.id];
        return {
          ...row,
          children: children ? (children.length ? build(children) : undefined) : row.hasChildren ? [] : undefined,
        };
      });
    return build(roots);
  }, [roots, loaded, applied]);

  const onExpand = async (open: boolean, row: OrganizeRow) => {
    setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((key) => key !== row.id)));
    if (!open || applied || loaded[row.id]) return;
    try {
      const children = await organizeApi.children(row.id);
      setLoaded((map) => ({ ...map, [row.id]: children }));
    } catch {
      setExpanded((keys) => keys.filter((key) => key !== row.id));
    }
  };

  const columns: TableColumnsType<OrganizeRow> = [
    {
      title: t('fullName'),
      dataIndex: 'fullName',
      width: 260,
      render: (name: string, row) => (
        <span>
          {row.type === 'department' ? <TeamOutlined /> : <ApartmentOutlined />} {name}
        </span>
      ),
    },
    { title: t('enCode'), dataIndex: 'enCode', width: 160, ellipsis: true },
    {
      title: t('type'),
      dataIndex: 'type',
      width: 80,
      align: 'center',
      render: (type: OrgKind) =>
        type === 'department' ? <Tag>{t('department')}</Tag> : <Tag color="blue">{t('company')}</Tag>,
    },
    {
      title: s('creatorTime'),
      dataIndex: 'creatorTime',
      width: 150,
      render: (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : ''),
    },
    { title: s('sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' },
    {
      title: s('state'),
      dataIndex: 'enabledMark',
      width: 80,
      align: 'center',
      render: (mark: number) => <EnabledTag mark={mark} />,
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 240,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          {canAdd && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  ...(row.type === 'company' ? [{ key: 'company', label: t('addCompany') }] : []),
                  { key: 'department', label: t('addDepartment') },
                ],
                onClick: ({ key }) => setForm({ open: true, kind: key as OrgKind, parentId: row.id }),
              }}
            >
              <Button type="link" size="small">
                {k('add')}
              </Button>
            </Dropdown>
          )}
          <Auth code="btn_edit">
            <Button type="link" size="small" onClick={() => setForm({ open: true, kind: row.type, id: row.id })}>
              {k('edit')}
            </Button>
          </Auth>
          {canEdit && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                confirmToggle(row.enabledMark === 1, {
                  action: () => organizeApi.toggle(row.type, row.id),
                  onDone: refresh,
                })
              }
            >
              {row.enabledMark === 1 ? s('disable') : s('enable')}
            </Button>
          )}
          <Auth code="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmDelete({ action: () => organizeApi.remove(row.type, row.id), onDone: refresh })}
            >
              {k('remove')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <AdminPage>
      {holder}
      <Panel>
        <SearchBar
          keyword={keyword}
          onKeywordChange={setKeyword}
          onSearch={() => setApplied(keyword.trim())}
          onReset={() => {
            setKeyword('');
            setApplied('');
          }}
        />
      </Panel>
      <Panel grow>
        <Toolbar
          left={t('title')}
          right={
            <Auth code="btn_add">
              <Space size={8}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, kind: 'company' })}>
                  {t('addCompany')}
                </Button>
                <Button icon={<PlusOutlined />} onClick={() => setForm({ open: true, kind: 'department' })}>
                  {t('addDepartment')}
                </Button>
              </Space>
            </Auth>
          }
        />
        <Table<OrganizeRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data}
          loading={loading}
          pagination={false}
          scroll={{ x: 1100 }}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (open, row) => void onExpand(open, row),
          }}
          locale={error ? { emptyText: <LoadError onRetry={refresh} /> } : undefined}
        />
      </Panel>
      <OrganizeForm
        key={`${form.kind}-${form.id ?? ''}-${form.parentId ?? ''}`}
        open={form.open}
        kind={form.kind}
        id={form.id}
        parentId={form.parentId}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={() => {
          setForm((f) => ({ ...f, open: false }));
          if (form.parentId && !expanded.includes(form.parentId)) setExpanded((keys) => [...keys, form.parentId!]);
          void load(applied, applied ? [] : [...new Set([...expanded, ...(form.parentId ? [form.parentId] : [])])]);
        }}
      />
    </AdminPage>
  );
}

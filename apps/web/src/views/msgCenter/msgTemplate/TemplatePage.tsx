// The message template screen (msgCenter/msgTemplate): a paged list on the list frame (its columns and filters
// in data.tsx) filtered by keyword, message source, channel, template type and state; new, edit and delete,
// and under 更多 enable or disable, copy and the read-only view, each with its confirmation. System templates
// are shown but not changed or deleted.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { kitTexts } from '../../../components/admin';
import { CrudList } from '../../../components/crud/CrudList';
import { isSystem } from '../shared/format';
import { RecordSearchBar, type RecordFilters } from '../shared/RecordSearchBar';
import { useRecordActions } from '../shared/useRecordActions';
import { inputOf, templateApi, templateKeys, type TemplateRow } from './api';
import { FILTERS, TEMPLATE_LIST, useTemplateColumns } from './data';
import { TemplateForm } from './TemplateForm';
import { TemplateView } from './TemplateView';
import { texts } from './texts';

export default function TemplatePage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const client = useQueryClient();
  const columns = useTemplateColumns();
  const [detailId, setDetailId] = useState<string>();
  const actions = useRecordActions({
    api: templateApi,
    inputOf,
    copyTip: t('copyTip'),
    onDone: () => void client.invalidateQueries({ queryKey: templateKeys.list }),
  });
  const readOnly = (row: TemplateRow) => (isSystem(row) ? t('systemReadOnly') : undefined);

  return (
    <CrudList<TemplateRow, RecordFilters>
      {...TEMPLATE_LIST}
      title={t('title')}
      showIndex
      columns={columns}
      // the creation time is among the data columns, before the last change
      tail={{ creatorTime: false }}
      search={(table) => <RecordSearchBar table={table} filters={FILTERS} />}
      editRefused={readOnly}
      removeRefused={readOnly}
      remove={(row) => templateApi.remove(row.id)}
      more={(row) => [
        !isSystem(row) && {
          key: 'toggle',
          label: row.enabledMark === 1 ? k('disable') : k('enable'),
          code: 'btn_edit',
          onClick: () => actions.toggle(row),
        },
        { key: 'copy', label: t('copy'), code: 'btn_add', onClick: () => actions.copy(row) },
        { key: 'detail', label: t('detail'), onClick: () => setDetailId(row.id) },
      ]}
      renderForm={(slot) => (
        <TemplateForm open={slot.open} id={slot.id} onClose={slot.onClose} onSaved={slot.onSaved} />
      )}
    >
      {() => (
        <>
          {actions.holder}
          <TemplateView id={detailId} onClose={() => setDetailId(undefined)} />
        </>
      )}
    </CrudList>
  );
}

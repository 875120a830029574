// The read-only views of a message template and of a send configuration: a dialog without buttons that
// reads the record afresh and shows a retry when that fails, a spinner while it loads, then the record;
// and the rows of its description list, labelled with the shared field names.
import { Modal, Spin, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/admin';
import type { RecordDetailProps } from './RecordListPage';
import { useRecordInfo } from './useRecordInfo';
import { sharedTexts, type SharedTextKey } from './texts';

export function RecordDetailModal<Info>({
  id,
  title,
  width,
  queryKey,
  load,
  onClose,
  children,
}: RecordDetailProps & {
  title: string;
  width: number;
  queryKey: readonly unknown[];
  load: (id: string) => Promise<Info>;
  children: (record: Info) => ReactNode;
}) {
  const info = useRecordInfo({ queryKey, id, load, enabled: Boolean(id) });
  return (
    <Modal open={Boolean(id)} title={title} width={width} footer={null} onCancel={onClose} destroyOnHidden>
      {info.isError ? (
        <LoadError onRetry={() => void info.refetch()} />
      ) : !info.data ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        children(info.data)
      )}
    </Modal>
  );
}

type DetailRow = NonNullable<DescriptionsProps['items']>[number];

/**
 * Description rows of the shared fields: row(field, value, 'filled' for a row of its own), and identity(…)
 * for the name, code, template type and message source every record starts with.
 */
export function useDetailRows() {
  const t = sharedTexts.useText();
  const row = (key: SharedTextKey, children: ReactNode, span?: DetailRow['span']): DetailRow =>
    span ? { key, label: t(key), children, span } : { key, label: t(key), children };
  const identity = (
    record: { fullName: string; enCode: string },
    templateTypeName: string,
    messageSourceName: string,
  ): DetailRow[] => [
    row('fullName', record.fullName),
    row('enCode', record.enCode),
    row('templateType', templateTypeName),
    row('messageSource', messageSourceName),
  ];
  return { row, identity };
}

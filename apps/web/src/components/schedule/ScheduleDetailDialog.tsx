// The schedule detail dialog: title 详情, 600 px. It shows the occurrence with names instead of codes; its
// creator (type 1) may edit and delete it. Deleting a repeating schedule asks which occurrences (this one,
// this and the following, all), a single one asks 此操作将删除日程，是否继续？. If it cannot be loaded (deleted, or no
// longer visible) the request layer says so and the dialog closes.
import { DeleteOutlined, EditOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Space, Spin, Tag, Typography, type DescriptionsProps } from 'antd';
import { useEffect, useState } from 'react';
import { DIALOG_WIDTH, showFailure, showServerSuccess, useConfirmAction } from '../admin';
import { downloadAttachment, fileSizeText } from '../attachments';
import { parseFiles, scheduleApi, scheduleKeys, type Scope, type ScheduleDetail } from './api';
import { instantLabel, reminderLabel, repetitionLabel } from './scheduleModel';
import { ScheduleForm } from './ScheduleForm';
import { ScopeDialog } from './ScopeDialog';
import { texts } from './texts';

export interface ScheduleDetailDialogProps {
  open: boolean;
  id: string;
  /** the series the id belongs to, when known (schedule messages carry it); a changed series reads as deleted */
  groupId?: string;
  onClose: () => void;
  /** after the schedule was changed or deleted here */
  onChanged?: () => void;
}

const NOT_REPEATING = '1';

export default function ScheduleDetailDialog({
  open,
  id,
  groupId = '',
  onClose,
  onChanged,
}: ScheduleDetailDialogProps) {
  const t = texts.useText();
  const { confirm, holder } = useConfirmAction();
  const [scopeOpen, setScopeOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const detail = useQuery({
    queryKey: scheduleKeys.detail(id, groupId),
    queryFn: () => scheduleApi.detail(id, groupId),
    enabled: open && !!id,
    gcTime: 0,
    retry: false,
  });

  // a detail that fails to load closes the dialog (the request layer has shown why)
  useEffect(() => {
    if (open && detail.isError) onClose();
  }, [open, detail.isError, onClose]);

  const data = detail.data;
  const repeating = !!data && data.repetition !== NOT_REPEATING;

  useEffect(() => {
    if (!open) setEditing(false);
  }, [open]);

  const changed = () => {
    onChanged?.();
    onClose();
  };

  const removeInScope = async (scope: Scope) => {
    setDeleting(true);
    try {
      showServerSuccess(await scheduleApi.remove(id, scope));
      setScopeOpen(false);
      changed();
    } catch (error) {
      showFailure(error);
    } finally {
      setDeleting(false);
    }
  };

  const askDelete = () => {
    if (repeating) setScopeOpen(true);
    else confirm(t('deleteTip'), { action: () => scheduleApi.remove(id, 1), onDone: changed });
  };

  const footer = (
    <Space>
      {data?.type === 1 && (
        <>
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('editAction')}
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={askDelete}>
            {t('remove')}
          </Button>
        </>
      )}
      <Button onClick={onClose}>{t('close')}</Button>
    </Space>
  );

  return (
    <>
      {holder}
      <Modal open={open} title={t('detail')} width={DIALOG_WIDTH} onCancel={onClose} footer={footer} destroyOnHidden>
        {!data ? (
          <div style={{ padding: 48, textAlign: 'center' }}>
            <Spin />
          </div>
        ) : (
          <DetailBody data={data} />
        )}
      </Modal>
      <ScheduleForm open={open && editing} id={id} onClose={() => setEditing(false)} onSaved={changed} />
      <ScopeDialog
        open={scopeOpen}
        mode="delete"
        busy={deleting}
        onCancel={() => setScopeOpen(false)}
        onConfirm={(scope) => void removeInScope(scope)}
      />
    </>
  );
}

function DetailBody({ data }: { data: ScheduleDetail }) {
  const t = texts.useText();
  const allDay = data.allDay === 1;
  const files = parseFiles(data.files);
  const items: DescriptionsProps['items'] = [
    { key: 'title', label: t('scheduleTitle'), children: <Typography.Text strong>{data.title}</Typography.Text> },
    { key: 'category', label: t('category'), children: data.category },
    { key: 'urgent', label: t('urgent'), children: data.urgent },
    {
      key: 'start',
      label: t('startTime'),
      children: (
        <>
          {instantLabel(data.startDay, allDay)}
          {allDay && <Tag style={{ marginInlineStart: 8 }}>{t('allDay')}</Tag>}
        </>
      ),
    },
    { key: 'end', label: t('endTime'), children: instantLabel(data.endDay, allDay) },
    {
      key: 'repetition',
      label: t('repetition'),
      children: (
        <>
          {repetitionLabel(t, data.repetition)}
          {data.repetition !== NOT_REPEATING && data.repeatTime != null && (
            <Typography.Text type="secondary">
              {' '}
              ({t('repeatTime')} {instantLabel(data.repeatTime, true)})
            </Typography.Text>
          )}
        </>
      ),
    },
    { key: 'reminder', label: t('reminderTime'), children: reminderLabel(t, data.reminderTime, allDay) },
    { key: 'creator', label: t('creator'), children: data.creatorUserId },
    {
      key: 'participants',
      label: t('participants'),
      children: data.toUserIds.length ? data.toUserIds.join('，') : t('noParticipants'),
    },
    {
      key: 'content',
      label: t('content'),
      children: (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{data.content}</Typography.Paragraph>
      ),
    },
    {
      key: 'files',
      label: t('files'),
      children: files.length ? (
        <Space orientation="vertical" size={2}>
          {files.map((file, index) =>
            file.url ? (
              // the files are behind the signed-in API: fetched with the token, then saved under their name
              <span key={index}>
                <Button
                  type="link"
                  size="small"
                  icon={<PaperClipOutlined />}
                  style={{ paddingInline: 0 }}
                  onClick={() =>
                    void downloadAttachment(file.url!, file.name || file.fileId || '').catch(() => undefined)
                  }
                >
                  {file.name || file.fileId}
                </Button>{' '}
                <Typography.Text type="secondary">{fileSizeText(file.fileSize)}</Typography.Text>
              </span>
            ) : (
              <span key={index}>
                <PaperClipOutlined /> {file.name || file.fileId}
              </span>
            ),
          )}
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('noFiles')}</Typography.Text>
      ),
    },
  ];
  return <Descriptions column={1} size="small" bordered styles={{ label: { width: 100 } }} items={items} />;
}

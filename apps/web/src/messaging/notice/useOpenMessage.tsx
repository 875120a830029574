// Opening a message, the same from the drawer and the message centre: ReadInfo marks it read (the badge drops by one if
// it was unread), then by type: 1 system and 3 notice show the detail dialog; 4 schedule opens the schedule's detail
// unless the schedule was deleted (its type 3); 2 flow navigates to /workFlow/entrust?config={type} for an entrust
// message (flowType 2), else to /workFlowDetail?config={body} with the body base64 and URL encoded.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { addNoticeUnread } from '../../platform/messageCounts';
import { markReadInCache, messageApi, MessageType, type MessageInfo, type MessageRow } from './api';
import MessageDetailDialog from './MessageDetailDialog';

const ScheduleDetailDialog = lazy(() => import('../../components/schedule/ScheduleDetailDialog'));

/** the schedule a schedule message points to; type 3 means it has been deleted */
interface ScheduleRef {
  type?: unknown;
  id?: unknown;
  groupId?: unknown;
}

function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** base64 of the text's UTF-8 bytes (what the flow detail page decodes) */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** where a flow message leads, or null when it carries nothing to open */
export function flowMessageTarget(info: Pick<MessageInfo, 'flowType' | 'bodyText'>): string | null {
  const body = parseJson(info.bodyText);
  if (info.flowType === 2) {
    const type = body && typeof body === 'object' ? (body as { type?: unknown }).type : undefined;
    return `/workFlow/entrust?config=${encodeURIComponent(type == null ? '' : String(type))}`;
  }
  const empty = !body || (typeof body === 'object' && Object.keys(body).length === 0);
  return empty ? null : `/workFlowDetail?config=${encodeURIComponent(base64Utf8(info.bodyText))}`;
}

export interface OpenMessageOptions {
  /** called before leaving for another route (the drawer closes) */
  onNavigate?: () => void;
}

export function useOpenMessage({ onNavigate }: OpenMessageOptions = {}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [openingId, setOpeningId] = useState<string | null>(null);
  const [detail, setDetail] = useState<MessageInfo | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const [schedule, setSchedule] = useState<{ id: string; groupId?: string } | null>(null);
  const opening = useRef(false);

  const openMessage = useCallback(
    async (row: Pick<MessageRow, 'id' | 'type' | 'isRead' | 'flowType'>) => {
      if (opening.current) return;
      opening.current = true;
      setOpeningId(row.id);
      let info: MessageInfo;
      try {
        info = await messageApi.readInfo(row.id);
      } catch {
        return; // the request layer has shown why
      } finally {
        opening.current = false;
        setOpeningId(null);
      }
      if (row.isRead !== 1) {
        addNoticeUnread(-1);
        markReadInCache(client, row.id);
      }
      const type = Number(info.type ?? row.type);
      if (type === MessageType.schedule) {
        const ref = parseJson(info.bodyText) as ScheduleRef | null;
        if (!ref || Number(ref.type) === 3 || ref.id == null) return;
        setSchedule({ id: String(ref.id), groupId: ref.groupId == null ? undefined : String(ref.groupId) });
        return;
      }
      if (type === MessageType.flow) {
        const target = flowMessageTarget({ flowType: info.flowType ?? row.flowType, bodyText: info.bodyText });
        if (!target) return;
        onNavigate?.();
        void navigate(target);
        return;
      }
      setDetail(info);
      setDetailOpen(true);
    },
    [client, navigate, onNavigate],
  );

  const dialogs: ReactNode = (
    <>
      <MessageDetailDialog open={detailOpen} message={detail} onClose={() => setDetailOpen(false)} />
      {schedule && (
        <Suspense fallback={null}>
          <ScheduleDetailDialog open id={schedule.id} groupId={schedule.groupId} onClose={() => setSchedule(null)} />
        </Suspense>
      )}
    </>
  );

  return { openMessage, openingId, dialogs };
}

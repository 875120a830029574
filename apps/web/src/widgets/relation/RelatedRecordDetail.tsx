// The read-only detail of a record of another released form, opened from a relation form (关联表单): that form's
// released configuration (Config) and its record's display texts (DataChange), rendered read-only in its own
// layout. Loaded lazily by the widget: this renders a whole form, whose renderer renders the widget.
import { parseDesignJson, type FormDataJson, type OnlineConfig } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Spin } from 'antd';
import { http } from '../../platform/request';
import { FormRenderer } from '../FormRenderer';
import type { RecordValues } from '../values';
import { relationTexts } from './texts';

const ONLINE_DEV = '/api/visualdev/OnlineDev';
const DETAIL_WIDTH = '600px';

export interface RelatedRecordDetailProps {
  modelId: string;
  recordId: string;
  onClose: () => void;
}

/** the related form's layout and its record's display texts; null when either cannot be had */
async function loadDetail(modelId: string, recordId: string) {
  const [config, shown] = await Promise.all([
    http.get<OnlineConfig>(`${ONLINE_DEV}/${encodeURIComponent(modelId)}/Config`),
    http.get<{ data?: string }>(
      `${ONLINE_DEV}/${encodeURIComponent(modelId)}/${encodeURIComponent(recordId)}/DataChange`,
    ),
  ]);
  const formData = parseDesignJson<FormDataJson>(config.data?.formData);
  const display = parseDesignJson<RecordValues>(shown.data?.data);
  if (!formData || !Array.isArray(formData.fields) || !display) throw new Error('related record unavailable');
  return { formData, display };
}

export default function RelatedRecordDetail({ modelId, recordId, onClose }: RelatedRecordDetailProps) {
  const t = relationTexts.useText();
  const [form] = Form.useForm<RecordValues>();
  const detail = useQuery({
    queryKey: ['relatedRecordDetail', modelId, recordId],
    queryFn: () => loadDetail(modelId, recordId),
    retry: false,
    gcTime: 0,
  });
  return (
    <Modal
      open
      title={t('detail')}
      width={detail.data?.formData.generalWidth || DETAIL_WIDTH}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      mask={{ closable: false }}
    >
      {detail.data ? (
        <FormRenderer formData={detail.data.formData} form={form} display={detail.data.display} mode="detail" />
      ) : detail.isError ? (
        t('loadFailed')
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

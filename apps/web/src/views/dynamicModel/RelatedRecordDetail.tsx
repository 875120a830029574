// The read-only detail of a record of another released form, opened from a relation form (关联表单): that form's
// configuration, then its record's detail in the popup its design chose. Loaded lazily by the widget (this renders
// a whole form, whose renderer renders the widget).
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Spin } from 'antd';
import { relationTexts } from '../../widgets/relation/texts';
import { modelApi, modelKeys } from './api';
import { modelOf } from './model';
import { RecordDetailPopup } from './RecordDetailPopup';

export interface RelatedRecordDetailProps {
  modelId: string;
  recordId: string;
  onClose: () => void;
}

export default function RelatedRecordDetail({ modelId, recordId, onClose }: RelatedRecordDetailProps) {
  const t = relationTexts.useText();
  const config = useQuery({
    queryKey: modelKeys.config(modelId, false),
    queryFn: () => modelApi.config(modelId, false),
    retry: false,
  });
  const model = config.data ? modelOf(config.data) : null;
  if (model)
    return <RecordDetailPopup modelId={modelId} formData={model.formData} recordId={recordId} onClose={onClose} />;
  return (
    <Modal open title={t('detail')} onCancel={onClose} footer={<Button onClick={onClose}>{t('close')}</Button>}>
      {config.isLoading ? <Spin /> : t('loadFailed')}
    </Modal>
  );
}

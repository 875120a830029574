// The download button's dialog: the shown page or every record the search matches, with the chosen
// columns; the server answers the xlsx file's address and the browser downloads it. Sub-table columns may be
// chosen too ("<table>-<column>"): the file then has the import template's layout and can be imported back.
import type { ColumnItem } from '@jnpf/core';
import { Checkbox, Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../../components/admin/download';
import { showFailure } from '../../components/admin/notify';
import { modelApi, type ListBody } from './api';
import { texts } from './texts';

export interface ExportDialogProps {
  modelId: string;
  columns: readonly ColumnItem[];
  /** the sub-tables' columns the form shows, as "<table>-<column>" with "<table title>-<column label>" */
  subColumns?: readonly { value: string; label: string }[];
  /** the list's current request */
  body: ListBody;
  onClose: () => void;
}

export function ExportDialog({ modelId, columns, subColumns = [], body, onClose }: ExportDialogProps) {
  const t = texts.useText();
  const [dataType, setDataType] = useState<'0' | '1'>('0');
  const [mainKeys, setMainKeys] = useState<string[]>(() => columns.map((column) => column.prop));
  const [subKeys, setSubKeys] = useState<string[]>([]);
  const keys = [...mainKeys, ...subKeys];
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await modelApi.exportData(modelId, { ...body, dataType, selectKey: keys });
      if (file?.url) downloadFile(file);
      onClose();
    } catch (error) {
      showFailure(error);
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('exportTitle')}
      onCancel={onClose}
      onOk={() => void run()}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: keys.length === 0 }}
    >
      <Form layout="vertical">
        <Form.Item label={t('exportRange')}>
          <Radio.Group
            value={dataType}
            onChange={(event) => setDataType(event.target.value as '0' | '1')}
            options={[
              { value: '0', label: t('exportPage') },
              { value: '1', label: t('exportAll') },
            ]}
          />
        </Form.Item>
        <Form.Item
          label={t('exportColumns')}
          validateStatus={keys.length ? undefined : 'error'}
          help={keys.length ? undefined : t('exportColumnsRequired')}
        >
          <Checkbox.Group
            value={mainKeys}
            onChange={(values) => setMainKeys(values.map(String))}
            options={columns.map((column) => ({ value: column.prop, label: column.label }))}
          />
        </Form.Item>
        {subColumns.length > 0 && (
          <Form.Item label={t('exportSubColumns')} extra={t('exportSubColumnsHint')}>
            <Checkbox.Group
              value={subKeys}
              onChange={(values) => setSubKeys(values.map(String))}
              options={[...subColumns]}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

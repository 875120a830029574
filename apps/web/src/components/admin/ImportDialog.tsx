// The file import dialog: an optional parent menu, duplicate handling (0 skip,
// 1 append) and one file whose extension must be in the caller's list. It posts multipart `file`, `type` and
// the caller's extra fields. A refused upload shows the server's message and removes the file.
import { UploadOutlined } from '@ant-design/icons';
import type { ApiResult } from '@jnpf/core';
import { Button, Form, Radio, TreeSelect, Upload, type TreeSelectProps } from 'antd';
import { feedback } from '../../platform/feedback';
import { SAVE_TOAST_SECONDS } from './constants';
import { FormDialog } from './FormDialog';
import { kitTexts } from './texts';
import { uploadFile } from './upload';

export interface ImportResult {
  snum?: number;
  fnum?: number;
  skipped?: { fullName: string; enCode: string; reason: string }[];
}

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** the multipart endpoint, e.g. /api/system/DictionaryData/Actions/Import */
  url: string;
  /** accepted extensions, comma separated (".bdd", ".json,.bb") */
  accept: string;
  title?: string;
  /** fields posted with the file besides `type` (and `parentId` when asked) */
  extraFields?: Record<string, string>;
  /** ask for a parent menu (menu imports): the tree to choose from */
  parentTree?: TreeSelectProps['treeData'];
  /** after a successful import has shown its message */
  onImported?: (result: ImportResult | undefined) => void;
  /** the duplicate handling's own words (type 0 and 1), when "skip" and "append" do not say what the import does */
  modeLabels?: { label: string; skip: string; append: string };
}

interface ImportValues {
  parentId?: string;
  type: '0' | '1';
  file?: File;
}

/** whether the file name ends with one of the accepted extensions */
export function acceptsFile(name: string, accept: string): boolean {
  const lower = name.toLowerCase();
  return accept
    .split(',')
    .map((ext) => ext.trim().toLowerCase())
    .filter(Boolean)
    .some((ext) => lower.endsWith(ext.startsWith('.') ? ext : `.${ext}`));
}

function FileField({
  value,
  onChange,
  accept,
}: {
  value?: File;
  onChange?: (file: File | undefined) => void;
  accept: string;
}) {
  const t = kitTexts.useText();
  return (
    <Upload
      accept={accept}
      maxCount={1}
      beforeUpload={(file) => {
        onChange?.(file);
        return false;
      }}
      onRemove={() => onChange?.(undefined)}
      fileList={value ? [{ uid: 'file', name: value.name, status: 'done' }] : []}
    >
      <Button icon={<UploadOutlined />}>{t('chooseFile')}</Button>
    </Upload>
  );
}

export function ImportDialog({
  open,
  onClose,
  url,
  accept,
  title,
  extraFields,
  parentTree,
  onImported,
  modeLabels,
}: ImportDialogProps) {
  const t = kitTexts.useText();
  const [form] = Form.useForm<ImportValues>();

  const submit = (values: ImportValues): Promise<ApiResult<unknown>> => {
    const fields: Record<string, string> = { ...extraFields, type: values.type };
    if (parentTree && values.parentId) fields.parentId = values.parentId;
    return uploadFile<ImportResult>(url, values.file!, fields);
  };

  return (
    <FormDialog<ImportValues>
      open={open}
      title={title ?? t('importTitle')}
      form={form}
      width={500}
      initialValues={{ type: '0' }}
      onCancel={onClose}
      onSubmit={submit}
      onFailed={() => form.setFieldValue('file', undefined)}
      onSaved={(result) => {
        const data = result.data as ImportResult | undefined;
        if (data?.skipped?.length)
          feedback.error(
            t('skipped', {
              n: data.skipped.length,
              detail: data.skipped.map((s) => `${s.fullName}（${s.reason}）`).join('；'),
            }),
            SAVE_TOAST_SECONDS * 2,
          );
        onImported?.(data);
        onClose();
      }}
    >
      {parentTree && (
        <Form.Item
          name="parentId"
          label={t('parentMenu')}
          rules={[{ required: true, message: t('parentMenuRequired') }]}
        >
          <TreeSelect treeData={parentTree} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
      )}
      <Form.Item
        name="type"
        label={modeLabels?.label ?? t('duplicate')}
        rules={[{ required: true, message: t('duplicateRequired') }]}
      >
        <Radio.Group
          options={[
            { value: '0', label: modeLabels?.skip ?? t('skip') },
            { value: '1', label: modeLabels?.append ?? t('append') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('file')}
        extra={t('acceptHint', { accept })}
        rules={[
          { required: true, message: t('fileRequired') },
          {
            validator: (_rule, file?: File) =>
              !file || acceptsFile(file.name, accept)
                ? Promise.resolve()
                : Promise.reject(new Error(t('fileType', { accept }))),
          },
        ]}
      >
        <FileField accept={accept} />
      </Form.Item>
    </FormDialog>
  );
}

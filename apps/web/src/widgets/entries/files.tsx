// The file widgets: files and pictures, shown in a detail as their links or thumbnails.
import { FilesDetail, UploadWidget } from '../uploadWidgets';
import { FileButtonMock, PictureCardMock } from './mocks';
import type { DetailWidgetProps, WidgetEntry } from '../types';
import { emptyStart } from './startValues';

function FileListDetail({ field, display }: DetailWidgetProps) {
  return <FilesDetail field={field} value={display} />;
}

const TIP_PROP = { kind: 'text', prop: 'tipText', id: 'prop-tip-text', label: 'uploadTip' } as const;

export const uploadFile: WidgetEntry = {
  kind: 'input',
  Component: UploadWidget,
  Detail: FileListDetail,
  startValue: emptyStart,
  rules: { requiredAs: 'array' },
  design: {
    group: 'inputGroup',
    Mock: FileButtonMock,
    props: [
      { kind: 'panel', panel: 'uploadLimits' },
      { kind: 'panel', panel: 'fileTypes' },
      { kind: 'text', prop: 'buttonText', id: 'prop-button-text', label: 'uploadButtonText' },
      TIP_PROP,
    ],
    create: (texts) => ({
      props: { accept: '', fileSize: 10, sizeUnit: 'MB', limit: 9, buttonText: texts.uploadButton, tipText: '' },
      config: { defaultValue: [] },
    }),
  },
};

export const uploadImg: WidgetEntry = {
  kind: 'input',
  Component: UploadWidget,
  Detail: FileListDetail,
  startValue: emptyStart,
  rules: { requiredAs: 'array' },
  design: {
    group: 'inputGroup',
    Mock: PictureCardMock,
    props: [{ kind: 'panel', panel: 'uploadLimits' }, TIP_PROP],
    create: () => ({ props: { fileSize: 10, sizeUnit: 'MB', limit: 9, tipText: '' }, config: { defaultValue: [] } }),
  },
};

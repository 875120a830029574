// The file widgets: files, pictures and large files (the chunked uploader with its queue), shown in a detail as
// their links or thumbnails.
import { ChunkUploadWidget } from '../chunkUploadWidget';
import { FilesDetail, UploadWidget } from '../uploadWidgets';
import { FileButtonMock, PictureCardMock } from './mocks';
import type { DetailWidgetProps, WidgetEntry } from '../types';
import { emptyStart } from './startValues';

function FileListDetail({ field, display }: DetailWidgetProps) {
  return <FilesDetail field={field} value={display} />;
}

const TIP_PROP = { kind: 'text', prop: 'tipText', id: 'prop-tip-text', label: 'uploadTip' } as const;
/** where uploads are stored unless the design says otherwise: the default path */
const DEFAULT_STORAGE = { pathType: 'defaultPath', isAccount: 0, folder: '' } as const;
/** the properties of both file fields: the plain one and the chunked large-file one */
const FILE_PROPS = [
  { kind: 'panel', panel: 'uploadLimits' },
  { kind: 'panel', panel: 'fileTypes' },
  { kind: 'panel', panel: 'uploadStorage' },
  { kind: 'text', prop: 'buttonText', id: 'prop-button-text', label: 'uploadButtonText' },
  TIP_PROP,
] as const;

export const uploadFile: WidgetEntry = {
  kind: 'input',
  Component: UploadWidget,
  Detail: FileListDetail,
  startValue: emptyStart,
  rules: { requiredAs: 'array' },
  design: {
    group: 'inputGroup',
    shared: { disabled: true },
    Mock: FileButtonMock,
    props: FILE_PROPS,
    create: (texts) => ({
      props: {
        accept: '',
        fileSize: 10,
        sizeUnit: 'MB',
        limit: 9,
        buttonText: texts.uploadButton,
        tipText: '',
        ...DEFAULT_STORAGE,
      },
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
    shared: { disabled: true },
    Mock: PictureCardMock,
    props: [{ kind: 'panel', panel: 'uploadLimits' }, { kind: 'panel', panel: 'uploadStorage' }, TIP_PROP],
    create: () => ({
      props: { fileSize: 10, sizeUnit: 'MB', limit: 9, tipText: '', ...DEFAULT_STORAGE },
      config: { defaultValue: [] },
    }),
  },
};

/** 大文件上传: the value and its checks are the file field's; the form shows the queue of files being sent */
export const uploadFz: WidgetEntry = {
  kind: 'input',
  Component: ChunkUploadWidget,
  Detail: FileListDetail,
  startValue: emptyStart,
  rules: { requiredAs: 'array' },
  design: {
    group: 'inputGroup',
    shared: { disabled: true },
    Mock: FileButtonMock,
    props: FILE_PROPS,
    // the reference's chunk uploader takes 5 MB files unless told otherwise
    create: (texts) => ({
      props: {
        accept: '',
        fileSize: 5,
        sizeUnit: 'MB',
        limit: 9,
        buttonText: texts.uploadButton,
        tipText: '',
        ...DEFAULT_STORAGE,
      },
      config: { defaultValue: [] },
    }),
  },
};

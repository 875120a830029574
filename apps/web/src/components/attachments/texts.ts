// Texts of the attachment field (the same wording the notice screen had).
import { defineViewTexts } from '../../platform/viewText';

export const attachmentTexts = defineViewTexts({
  zh: {
    files: '附件',
    upload: '上传附件',
    uploadHint: '单个文件不超过{size}MB',
    fileTooLarge: '文件{name}超过{size}MB',
    fileType: '不支持上传{name}这种类型的文件',
    uploading: '上传中…',
    removeFile: '移除',
  },
  zhtw: {
    files: '附件',
    upload: '上傳附件',
    uploadHint: '單個文件不超過{size}MB',
    fileTooLarge: '文件{name}超過{size}MB',
    fileType: '不支持上傳{name}這種類型的文件',
    uploading: '上傳中…',
    removeFile: '移除',
  },
  en: {
    files: 'Attachments',
    upload: 'Upload',
    uploadHint: 'Up to {size} MB a file',
    fileTooLarge: '{name} is larger than {size} MB',
    fileType: 'Files like {name} cannot be uploaded',
    uploading: 'Uploading…',
    removeFile: 'Remove',
  },
});

// Attachments of a record (notice, schedule): the upload field and the helpers that fetch files with the token.
export { AttachmentsField, fileProblem, sendAttachment, type AttachmentsFieldProps } from './AttachmentsField';
export {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_MB,
  downloadAttachment,
  extensionOf,
  fetchAttachment,
  fileSizeText,
  IMAGE_EXTENSIONS,
  useAttachmentImage,
  type AttachmentFile,
  type UploadedFile,
} from './files';
export { attachmentTexts } from './texts';

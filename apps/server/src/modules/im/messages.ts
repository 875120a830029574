// Refusals of the chat image upload.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('im', {
  imageTooLarge: { zh: '图片大小不能超过5M', zhtw: '圖片大小不能超過5M', en: 'Picture size cannot exceed 5M' },
  imageOnly: {
    zh: '只能上传图片（png、jpg、gif、webp、bmp）',
    zhtw: '只能上傳圖片（png、jpg、gif、webp、bmp）',
    en: 'Only pictures can be uploaded (png, jpg, gif, webp, bmp)',
  },
  fileRequired: { zh: '请选择要上传的图片', zhtw: '請選擇要上傳的圖片', en: 'Choose a picture to upload' },
  oneFile: { zh: '一次只能上传一张图片', zhtw: '一次只能上傳一張圖片', en: 'Upload one picture at a time' },
  uploadFailed: { zh: '上传失败', zhtw: '上傳失敗', en: 'Upload failed' },
});

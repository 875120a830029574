// Refusals of the backup screen, in the three languages.
import { defineMessages } from '../../platform/i18n.js';

export const m = defineMessages('dataBackup', {
  notFound: { zh: '备份不存在', zhtw: '備份不存在', en: 'The backup does not exist' },
  busy: {
    zh: '已有备份或恢复正在进行，请稍后再试',
    zhtw: '已有備份或恢復正在進行，請稍後再試',
    en: 'A backup or restore is already running; try again later',
  },
  jobNotFound: { zh: '任务不存在或已过期', zhtw: '任務不存在或已過期', en: 'The task does not exist or has expired' },
  fileRequired: { zh: '请选择备份文件', zhtw: '請選擇備份檔案', en: 'Choose a backup file' },
  tooLarge: {
    zh: '备份文件超过{max}MB，请用命令 npm run restore 恢复',
    zhtw: '備份檔案超過{max}MB，請用命令 npm run restore 恢復',
    en: 'The backup file is larger than {max} MB: restore it with the command npm run restore',
  },
  confirmRequired: {
    zh: '恢复将替换平台的全部数据和文件，请确认后再恢复',
    zhtw: '恢復將替換平台的全部資料和檔案，請確認後再恢復',
    en: 'A restore replaces all data and files of the platform: confirm it first',
  },
  format: {
    zh: '文件不是本平台的备份',
    zhtw: '檔案不是本平台的備份',
    en: 'The file is not a backup of this platform',
  },
  version: {
    zh: '备份格式版本{version}不受支持',
    zhtw: '備份格式版本{version}不受支援',
    en: 'Backup format version {version} is not supported',
  },
  corrupt: {
    zh: '备份文件已损坏（{entry}校验不符），未做任何修改',
    zhtw: '備份檔案已損壞（{entry}校驗不符），未做任何修改',
    en: 'The backup is damaged ({entry} does not match its checksum); nothing was changed',
  },
  migrations: {
    zh: '备份来自不同版本的平台（{version}），请用该版本恢复后再升级',
    zhtw: '備份來自不同版本的平台（{version}），請用該版本恢復後再升級',
    en: 'The backup comes from another platform version ({version}): restore it with that version, then upgrade',
  },
  schema: {
    zh: '备份的数据表与本平台不符（{table}）',
    zhtw: '備份的資料表與本平台不符（{table}）',
    en: "The backup's tables do not match this platform's ({table})",
  },
  notEmpty: {
    zh: '平台已有数据，恢复将替换全部数据和文件；确认替换后再恢复',
    zhtw: '平台已有資料，恢復將替換全部資料和檔案；確認替換後再恢復',
    en: 'The platform holds data: a restore replaces all data and files. Confirm the replacement to go on',
  },
  failed: { zh: '操作失败：{reason}', zhtw: '操作失敗：{reason}', en: 'The operation failed: {reason}' },
});

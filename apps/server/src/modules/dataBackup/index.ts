// Backup and restore of the whole platform (数据备份): stored archives, their download and upload, and the
// restore, as background tasks; the archive itself is the platform's (db/backup).
import type { PlatformModule } from '../../platform/module.js';
import { dataBackupSeed } from './menus.js';
import { dataBackupRoutes } from './routes.js';

export const dataBackupModule: PlatformModule = {
  name: 'dataBackup',
  routes: dataBackupRoutes,
  dataMigrations: [dataBackupSeed],
};

// Every domain module of the platform, in registration order. A new domain adds itself here, importing only
// the module's face (its index.js).
import type { PlatformModule } from '../platform/module.js';
import { areaModule } from './area/index.js';
import { authorityModule } from './authority/index.js';
import { billRuleModule } from './billRule/index.js';
import { currentUserModule } from './currentUser/index.js';
import { dataBackupModule } from './dataBackup/index.js';
import { dataInterfaceModule } from './dataInterface/index.js';
import { dictionaryModule } from './dictionary/index.js';
import { fileModule } from './file/index.js';
import { foundationModule } from './foundation/index.js';
import { groupModule } from './group/index.js';
import { imModule } from './im/index.js';
import { menuModule } from './menu/index.js';
import { messageModule } from './message/index.js';
import { messageTemplateModule } from './messageTemplate/index.js';
import { noticeModule } from './notice/index.js';
import { oauthModule } from './oauth/index.js';
import { onlineUserModule } from './onlineUser/index.js';
import { organizeModule } from './organize/index.js';
import { permissionGroupModule } from './permissionGroup/index.js';
import { printDevModule } from './printDev/index.js';
import { positionModule } from './position/index.js';
import { roleModule } from './role/index.js';
import { scheduleModule } from './schedule/index.js';
import { signatureModule } from './signature/index.js';
import { sysConfigModule } from './sysConfig/index.js';
import { systemModule } from './system/index.js';
import { usersModule } from './users/index.js';
import { visualdevModule } from './visualdev/index.js';

export const modules: PlatformModule[] = [
  foundationModule,
  oauthModule,
  fileModule,
  currentUserModule,
  organizeModule,
  positionModule,
  roleModule,
  groupModule,
  usersModule,
  dictionaryModule,
  billRuleModule,
  sysConfigModule,
  signatureModule,
  areaModule,
  menuModule,
  systemModule,
  permissionGroupModule,
  authorityModule,
  onlineUserModule,
  messageModule,
  noticeModule,
  messageTemplateModule,
  scheduleModule,
  imModule,
  visualdevModule,
  dataBackupModule,
  dataInterfaceModule,
  printDevModule,
];

export const dataMigrations = modules.flatMap((m) => m.dataMigrations ?? []);

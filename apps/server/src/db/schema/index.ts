// The database schema: one file per owning module, named after it (platform.ts for the platform layer's
// tables). Only the owning module writes a table; others call its service (test/tableOwners.test.ts checks it).
export * from './platform.js';
export * from './organize.js';
export * from './position.js';
export * from './role.js';
export * from './group.js';
export * from './users.js';
export * from './currentUser.js';
export * from './oauth.js';
export * from './system.js';
export * from './menu.js';
export * from './dictionary.js';
export * from './permissionGroup.js';
export * from './permissionKernel.js';
export * from './authority.js';
export * from './area.js';
export * from './signature.js';
export * from './sysConfig.js';
export * from './billRule.js';
export * from './notice.js';
export * from './message.js';
export * from './messageTemplate.js';
export * from './schedule.js';
export * from './visualdev.js';
export * from './file.js';
export * from './dataInterface.js';
export * from './printDev.js';

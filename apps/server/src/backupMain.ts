// Entry of `npm run backup` and `npm run restore` (backupCommand.ts).
import { runBackupCommand } from './backupCommand.js';

process.exitCode = await runBackupCommand(process.argv.slice(2));

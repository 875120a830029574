// Grants (the permission-group screen's wizard) and per-user column settings.
import type { PlatformModule } from '../../platform/module.js';
import { authorityRoutes } from './routes.js';

export const authorityModule: PlatformModule = { name: 'authority', routes: authorityRoutes };

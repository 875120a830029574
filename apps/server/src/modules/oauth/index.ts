// Sign-in: password and text-message login, captcha, sign-in tickets, logout and the current user's profile.
import type { PlatformModule } from '../../platform/module.js';
import { oauthRoutes } from './routes.js';

export const oauthModule: PlatformModule = { name: 'oauth', routes: oauthRoutes };

// for other modules: checking a captcha answer
export { checkCaptcha } from './login.js';

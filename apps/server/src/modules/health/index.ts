// The health check: the process is up and reaches its database and Redis.
export { healthRoutes } from './routes.js';

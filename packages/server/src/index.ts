export { buildApp, type AppOptions } from './app.js';
export { configFromEnv, type ServerConfig } from './config.js';
export { openDb, type Db } from './db/connect.js';

// `node dist/main.js`: serves the API, the build socket and the built web app on PORT.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { configFromEnv } from './config.js';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** A start-up failure (the database unreachable, the port taken) is one clear line and a non-zero exit, not a stack. */
function exitWith(error: unknown): never {
  console.error(`Stacksmith could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

try {
  const config = configFromEnv(process.env, {});
  if (!config.webDist && existsSync(defaultWebDist)) config.webDist = defaultWebDist;
  const app = await buildApp(config);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  exitWith(error);
}

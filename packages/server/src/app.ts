// The application: plugins (one concern each) and the route groups under /api.
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config.js';
import type { Db } from './db/connect.js';
import { keepDemoDatesCurrent, seedDemo, type SeedOptions } from './demo/seed.js';
import authPlugin from './plugins/auth.js';
import dbPlugin, { openConfiguredDb } from './plugins/db.js';
import docsPlugin from './plugins/docs.js';
import errorsPlugin, { frameworkErrors } from './plugins/errors.js';
import inputLimitsPlugin from './plugins/input-limits.js';
import rateLimitsPlugin from './plugins/rate-limits.js';
import subscriptionsPlugin from './plugins/subscriptions.js';
import jobsPlugin from './plugins/jobs.js';
import type { PaymentProvider } from './payments/provider.js';
import webPlugin, { hasWebApp } from './plugins/web.js';
import compressionPlugin from './plugins/compression.js';
import accountRoutes from './routes/account.js';
import adminImportRoutes from './routes/admin-import.js';
import analysisRoutes from './routes/analysis.js';
import authRoutes from './routes/auth.js';
import buildSocket, { buildSocketServerOptions } from './routes/build-socket.js';
import playersRoutes from './routes/players.js';
import slateContentRoutes from './routes/slate-content.js';
import statsRoutes from './routes/stats.js';
import userDataRoutes from './routes/user-data.js';
import userSlateRoutes from './routes/user-slates.js';
import projectionsUploadRoutes from './routes/projections-upload.js';
import lateSwapEntriesRoutes from './routes/late-swap-entries.js';
import entriesFileRoutes from './routes/entries-file.js';
import './types.js';

export interface AppOptions {
  /** A database opened by the caller (tests); otherwise the config's is opened. */
  db?: Db;
  /** Options of the demo seed (tests seed a few weeks only). */
  seed?: SeedOptions;
  /** The payment provider (default: the local one). */
  payments?: PaymentProvider;
  /** Where the log goes when config.logger is on (default: stdout); tests read it. */
  logStream?: NodeJS.WritableStream;
}

/** /api/auth/{app}/{token} with the token replaced, for logs. */
export function redactTokenPath(url: string): string {
  return url.replace(/^(\/api\/auth\/[^/?]+\/)[^/?]+/, '$1[token]');
}

/**
 * What the request log shows of a URL: the path only, with path tokens redacted. Query strings
 * are never logged: the mailed reset link (/reset-password?token=…) is served by this process,
 * and a token read from a log must not reset a password.
 */
export function loggedPath(url: string): string {
  return redactTokenPath(url.split('?')[0]!);
}

/** Request bodies carry whole player pools and lineup sets. */
const BODY_LIMIT = 50 * 1024 * 1024;

export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger ? {
      level: 'info',
      // Tokens travel in paths (the token check) and query strings (the reset link): paths only, redacted.
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: loggedPath(req.url), remoteAddress: req.ip }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    } : false,
    bodyLimit: BODY_LIMIT,
    // Behind a proxy, X-Forwarded-For names the client (for the login rate limit); off by default so it cannot be spoofed.
    trustProxy: config.trustProxy,
    // GET /auth/{app}/{token} carries a whole JWT in the path.
    routerOptions: { maxParamLength: 4096 },
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  const spa = hasWebApp(config.webDist);
  await app.register(errorsPlugin, { spaFallback: spa });
  await app.register(inputLimitsPlugin);
  await app.register(compressionPlugin);
  await app.register(dbPlugin, { db: options.db ?? await openConfiguredDb(config, app.log), owned: !options.db });
  if (config.seedDemo) {
    const report = await seedDemo(app.db, options.seed);
    if (report.nflSeeded || report.nbaGameLogsSeeded || report.dateSlatesAdded) app.log.info(report, 'demo data seeded');
    const stopDemoDates = keepDemoDatesCurrent(app.db, options.seed ?? {}, (error) => app.log.error(error, 'demo date slates'));
    app.addHook('onClose', async () => stopDemoDates());
  }
  await app.register(docsPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(authPlugin);
  await app.register(subscriptionsPlugin, options.payments ? { payments: options.payments } : {});
  await app.register(jobsPlugin);

  await app.register(async (api) => {
    await api.register(authRoutes);
    await api.register(playersRoutes);
    await api.register(userDataRoutes);
    await api.register(statsRoutes);
    await api.register(slateContentRoutes);
    await api.register(accountRoutes);
    await api.register(analysisRoutes);
    await api.register(adminImportRoutes);
    await api.register(userSlateRoutes);
    await api.register(projectionsUploadRoutes);
    await api.register(lateSwapEntriesRoutes);
    await api.register(entriesFileRoutes);
  }, { prefix: '/api' });
  await app.register(websocket, buildSocketServerOptions(config));
  await app.register(buildSocket);

  if (spa) await app.register(webPlugin, { root: config.webDist! });
  return app;
}

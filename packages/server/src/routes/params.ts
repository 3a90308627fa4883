// Path pieces shared by the routes, as zod schemas (the spec's {sport}, {site}, {brand}…).
import { coded, CONTEST_TYPES, NOT_A_CALENDAR_DATE, SITES, SPORTS } from '@stacksmith/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../http-errors.js';
import { isCalendarDate } from '../input/schemas.js';

export const sport = z.enum(SPORTS);
export const site = z.enum(SITES);
export const contestType = z.enum(CONTEST_TYPES);
export const brand = z.string().regex(/^[a-z0-9-]+$/, 'unknown brand').max(40);
export const slate = z.string().min(1).max(120);
export const season = z.coerce.number().int().min(2000).max(2100);
/** nfl week 1..22 or a slate date YYYY-MM-DD. */
export const counter = z.string().regex(/^(\d{1,2}|\d{4}-\d{2}-\d{2})$/, 'counter is a week number or a YYYY-MM-DD date')
  .refine((text) => !text.includes('-') || isCalendarDate(text), NOT_A_CALENDAR_DATE);

/** The six keys that name one slate's per-user data. */
export const slateScope = z.object({ sport, brand, site, slate, season, counter });
export type SlateScope = z.infer<typeof slateScope>;

/** The scope as stored: every key as text. */
export function scopeRow(scope: SlateScope) {
  return {
    sport: scope.sport, brand: scope.brand, site: scope.site, slate: scope.slate,
    season: String(scope.season), counter: scope.counter,
  };
}

export function assertBrand(app: FastifyInstance, name: string): void {
  if (!app.config.brands[name]) throw notFound(coded('unknown-brand', {}));
}

export const bearer = [{ bearer: [] }];

export * from './roster.js';
export * from './settings.js';

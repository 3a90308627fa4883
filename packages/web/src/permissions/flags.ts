// The special build flags, set at build time: VITE_SPECIAL_BUILD=true lets
// visitors build up to 150 lineups without login (the server's SPECIAL_BUILD_MODE must match);
// VITE_HIDE_PRESETS=true hides the presets button.
export const SPECIAL_BUILD = import.meta.env.VITE_SPECIAL_BUILD === 'true';
export const HIDE_PRESETS = import.meta.env.VITE_HIDE_PRESETS === 'true';

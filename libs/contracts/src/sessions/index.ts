export * from './actor.js';
export * from './keywords.js';
export * from './session-dtos.js';
export * from './session-requests.js';
export * from './raid-requests.js';
export * from './raid-window.js';
export * from './welcome.js';

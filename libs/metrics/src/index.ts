export * from './metrics.js';
export * from './ops-server.js';

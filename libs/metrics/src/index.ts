export * from './metrics.js';
export * from './ops-server.js';
export * from './jetstream-storage.js';

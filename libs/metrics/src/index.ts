export * from './metrics.js';
export * from './registration.js';
export * from './ops-server.js';
export * from './jetstream-storage.js';

export * from './infrastructure.js';
export * from './test-database.js';
export * from './wait-for.js';
export * from './processes.js';
export * from './nats-server.js';
export * from './chromium.js';
export * from './postgres-server.js';
export * from './property-requests.js';

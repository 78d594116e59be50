export * from './pglite-driver.js';
export * from './database-runtime.js';
export * from './embedded-maintenance.js';
export * from './service-data-source.js';
export * from './database.module.js';
export * from './sql.js';
export * from './domain-event-outbox.js';

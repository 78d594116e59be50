export * from './service-health.module.js';
export * from './logger.js';
export * from './service-app.js';
export * from './run-service.js';
export * from './periodic.js';
export * from './replica-status.js';
export * from './metrics-port.js';
export * from './migrate-main.js';

export * from './service-health.module.js';
export * from './logger.js';
export * from './service-app.js';
export * from './run-service.js';
export * from './periodic.js';
export * from './service-runtime.js';

export { startGateway, type GatewayOptions, type RunningGateway } from './gateway-app.js';
export { gatewayEnv, gatewayAuthEnv, type GatewayConfig } from './config.js';
export * from './gateway.runtime.js';

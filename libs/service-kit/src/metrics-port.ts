/** METRICS_PORT, when set: where /metrics, /healthz and /readyz are served (cluster mode). */
export function metricsPortFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = env.METRICS_PORT?.trim();
  if (!value) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`METRICS_PORT: must be a port number, got "${value}"`);
  }
  return port;
}

type LogFn = {
  (obj: object, msg?: string): void;
  (msg: string): void;
};

/**
 * What services and integrations log through: pino's shape, without the web framework, so they never see
 * a Fastify object (the request's logger and the app's both fit; so does a plain test double).
 */
export interface Log {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

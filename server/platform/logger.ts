import pino from "pino";

export type Logger = pino.Logger;

/** The one JSON logger; secrets are redacted wherever they appear in a log object. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["password", "*.password", "authorization", "*.authorization", "headers.cookie", "token"],
      censor: "[redacted]",
    },
  });
}

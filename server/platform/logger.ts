import pino from "pino";

export type Logger = pino.Logger;

/**
 * The one JSON logger; secrets are redacted wherever they appear in a log object. Lines go to stdout
 * without blocking the request that logs them: writes are asynchronous and coalesce under load (a blocking
 * write per request line cost every request a system call), and pino flushes what is pending when the
 * process exits.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          "password",
          "*.password",
          "authorization",
          "*.authorization",
          "headers.cookie",
          "token",
          // Issue 43: the payment PIN and one-time codes, wherever an object carries them.
          "pin",
          "*.pin",
          "currentPin",
          "*.currentPin",
          "code",
          "*.code",
          "proof",
          "*.proof",
        ],
        censor: "[redacted]",
      },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

import type { Db } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { DomainError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Channels, OutgoingMessage } from "../../platform/messaging.ts";
import { insertOutboxMessage, selectOutbox } from "./notifications.queries.ts";

export interface NotifyDeps {
  db: Db;
  channels: Channels;
  log: Logger;
}

/**
 * Sends a message through its channel. Without a configured channel (development, tests) it goes to
 * the development outbox and the log instead; production never starts without channels.
 */
export async function deliver(deps: NotifyDeps, message: OutgoingMessage): Promise<void> {
  const channel = deps.channels[message.channel];
  if (!channel) {
    await insertOutboxMessage(deps.db, {
      id: newId("msg"),
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      createdAt: now(),
    });
    deps.log.info(
      { outbox: { channel: message.channel, to: message.to, subject: message.subject, text: message.text } },
      "message kept in the development outbox",
    );
    return;
  }
  try {
    await channel.send(message);
  } catch (error) {
    deps.log.error({ err: error, channel: message.channel }, "message could not be sent");
    throw new DomainError("failed", "auth.errors.codeFailed");
  }
}

/** The newest messages in the development outbox; refused in production, where it does not exist. */
export async function listOutbox(db: Db, production: boolean) {
  if (production) throw new DomainError("not_found", "errors.api.notFound");
  return selectOutbox(db, 50);
}

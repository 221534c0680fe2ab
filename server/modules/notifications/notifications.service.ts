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
 * Sends a message through its channel. Without a configured channel it goes to the local outbox (its address and
 * subject to the log) instead (a public production shop never starts without channels, see server/platform/env.ts).
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
    // Not its text: a code in it would be in the log (issue 43). The outbox page (this machine only) shows it.
    deps.log.info(
      { outbox: { channel: message.channel, to: message.to, subject: message.subject } },
      "message kept in the local outbox",
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

/**
 * The newest messages in the local outbox. Only a request from this machine itself (no proxy between) may
 * read it, and only where it is enabled; to anyone else it does not exist (NOT_FOUND), so codes never leak
 * to the network, not even through a reverse proxy on the same host.
 */
export async function listOutbox(deps: { db: Db; localOutbox: boolean; fromThisMachine: boolean }) {
  if (!deps.localOutbox || !deps.fromThisMachine) {
    throw new DomainError("not_found", "errors.api.notFound");
  }
  return selectOutbox(deps.db, 50);
}

// The chat's use cases are server/flows/chat/, one a file, and its reads server/read/chat.ts. This file only keeps
// the name server/http/chat-stream.ts still imports `messagesSince` by (a read: it writes nothing), with the deps
// the stream passes; it goes once that import names server/read/chat.ts.
import { messagesSince as readMessagesSince } from "../read/chat.ts";
import type { ChatDeps } from "./chat/steps/checks.ts";

/** Messages of all the caller's conversations after a message id: `messagesSince` of server/read/chat.ts. */
export function messagesSince(deps: ChatDeps, userId: string, after: number) {
  return readMessagesSince(deps, userId, after);
}

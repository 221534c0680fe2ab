import { now } from "../../platform/clock.ts";

/**
 * The webhook queue of the local provider simulators (Midtrans, Xendit, Biteship): how a provider's webhook
 * reaches the shop, and the bad days tests ask of it. Each webhook is kept, with every answer the shop gave it;
 * it is posted at once, or kept back while the queue holds (`hold`, then `release` in order or reversed), after a
 * pause (`delay`: late webhooks), and posted again while the shop does not answer 2xx (`retryDelaysMs`). What is
 * in a webhook and how it is signed is the provider's own: its simulator writes the body and says where it goes
 * with which headers (`target`). The queue also counts the simulator's other work under way, so `idle()` waits
 * for all of it, and `close()` stops every delivery, retry and pause.
 */

/** The shop's answer to one delivery: its status and the start of its body, or why none came. */
export interface WebhookAnswer {
  at: string;
  status?: number;
  body?: string;
  error?: string;
}

/** What any webhook is: its body, and whether it is signed as an attacker would (the wrong key or token). */
export interface WebhookContent {
  body: string;
  forged: boolean;
}

/** A webhook the queue took, with its place in the order of sending and how its deliveries went. */
export type Sent<T extends WebhookContent> = T & {
  /** 1 for the simulator's first webhook, and so on. */
  seq: number;
  answers: WebhookAnswer[];
  delivered: boolean;
};

/** How a webhook goes out: `now` even while the queue holds; `once`, one try and no retry (an attacker's). */
export interface SendHow {
  now?: boolean;
  once?: boolean;
}

export interface WebhookQueueOptions<T extends WebhookContent> {
  /** Where a webhook goes and with which headers (the provider's signature, or a forger's); null: nowhere. */
  target(webhook: Sent<T>): { url: string; headers: Record<string, string> } | null;
  /** The pause before each redelivery of a webhook the shop did not take; as many retries as pauses. */
  retryDelaysMs: readonly number[];
  /** How long the shop may take to answer one delivery. */
  timeoutMs: number;
}

/** The bad days of the queue, as every simulator's `control` offers them. */
export interface WebhookControls {
  /**
   * Keeps webhooks back until `release`. What a simulator posts as an outsider would still goes at once (sent
   * `now`: Xendit's and Biteship's forged webhooks, Xendit's altered replays).
   */
  hold(): void;
  /** Sends the held webhooks one after the other, in order or newest first (reordered delivery). */
  release(opts?: { reverse?: boolean }): Promise<void>;
  /** Waits this long before each delivery: late webhooks. 0 turns it off. */
  delay(ms: number): void;
  /** Resolves when no delivery, retry or other work of the simulator is under way (held webhooks excepted). */
  idle(): Promise<void>;
}

export interface WebhookQueue<T extends WebhookContent> extends WebhookControls {
  /** Every webhook sent or held, oldest first. */
  readonly sent: readonly Sent<T>[];
  /** Sends a webhook (a copy, when given one sent before); resolves once delivered, given up, or held. */
  send(webhook: T, how?: SendHow): Promise<void>;
  /** The last genuine webhook that `match` picks. */
  last(match: (webhook: Sent<T>) => boolean): Sent<T> | undefined;
  /** Counts other work of the simulator as under way until it ends, for `idle`. */
  track<R>(work: Promise<R>): Promise<R>;
  /** A pause that `close` cuts short. */
  sleep(ms: number): Promise<void>;
  /** Drops what is held, stops every delivery and pause, and waits for what was under way to end. */
  close(): Promise<void>;
}

/** The queue's controls alone, for a simulator's `control`. */
export function webhookControls(queue: WebhookControls): WebhookControls {
  return {
    hold: () => queue.hold(),
    release: (opts) => queue.release(opts),
    delay: (ms) => queue.delay(ms),
    idle: () => queue.idle(),
  };
}

export function createWebhookQueue<T extends WebhookContent>(opts: WebhookQueueOptions<T>): WebhookQueue<T> {
  const closing = new AbortController();
  const sent: Sent<T>[] = [];
  const inflight = new Set<Promise<unknown>>();
  let held: { webhook: Sent<T>; once: boolean }[] | null = null;
  let delayMs = 0;

  const track = <R>(work: Promise<R>): Promise<R> => {
    inflight.add(work);
    work.then(
      () => inflight.delete(work),
      () => inflight.delete(work),
    );
    return work;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || closing.signal.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      closing.signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
    });

  async function deliver(webhook: Sent<T>, once: boolean): Promise<void> {
    const to = opts.target(webhook);
    if (!to) return;
    await sleep(delayMs);
    const tries = once ? 1 : 1 + opts.retryDelaysMs.length;
    for (let attempt = 0; attempt < tries && !closing.signal.aborted; attempt++) {
      if (attempt > 0) await sleep(opts.retryDelaysMs[attempt - 1]!);
      if (closing.signal.aborted) return;
      try {
        const response = await fetch(to.url, {
          method: "POST",
          headers: to.headers,
          body: webhook.body,
          signal: AbortSignal.any([AbortSignal.timeout(opts.timeoutMs), closing.signal]),
        });
        const body = (await response.text()).slice(0, 500);
        webhook.answers.push({ at: now().toISOString(), status: response.status, body });
        if (response.ok) {
          webhook.delivered = true;
          return;
        }
      } catch (error) {
        // Unreachable, or no answer in time.
        const message = error instanceof Error ? error.message : String(error);
        webhook.answers.push({ at: now().toISOString(), error: message });
      }
    }
  }

  const queue: WebhookQueue<T> = {
    get sent() {
      return sent;
    },
    send(webhook, how = {}) {
      const record: Sent<T> = { ...webhook, seq: sent.length + 1, answers: [], delivered: false };
      sent.push(record);
      const once = how.once ?? false;
      if (held && !how.now) {
        held.push({ webhook: record, once });
        return Promise.resolve();
      }
      return track(deliver(record, once));
    },
    last(match) {
      return sent.findLast((webhook) => !webhook.forged && match(webhook));
    },
    hold() {
      held ??= [];
    },
    async release(options = {}) {
      const queued = held ?? [];
      held = null;
      // One after the other, so the shop sees them in exactly this order.
      for (const { webhook, once } of options.reverse ? [...queued].reverse() : queued) {
        await track(deliver(webhook, once));
      }
    },
    delay(ms) {
      delayMs = Math.max(0, ms);
    },
    track,
    sleep,
    async idle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
    async close() {
      held = null;
      closing.abort();
      await queue.idle();
    },
  };
  return queue;
}

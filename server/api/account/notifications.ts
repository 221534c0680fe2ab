import { z } from "zod";
import { listOutbox } from "../../modules/notifications/notifications.service.ts";
import { publicProcedure, router } from "../../trpc/init.ts";

const OutboxViewSchema = z.array(
  z.object({
    id: z.string(),
    channel: z.enum(["email", "sms"]),
    recipient: z.string(),
    subject: z.string(),
    body: z.string(),
    createdAt: z.date(),
  }),
);

export const notificationsRouter = router({
  /** The local outbox (codes that would have been emailed or texted): for this machine only. */
  outbox: publicProcedure.output(OutboxViewSchema).query(({ ctx }) => listOutbox(ctx)),
});

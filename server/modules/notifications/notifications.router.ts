import { z } from "zod";
import { publicProcedure, router } from "../../trpc/init.ts";
import { listOutbox } from "./notifications.service.ts";

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

import { z } from "zod";
import {
  ConversationIdInputSchema,
  OpsCloseReportInputSchema,
  OpsConversationViewSchema,
  OpsReportsInputSchema,
  OpsReportsViewSchema,
} from "#common/contracts/chat.ts";
import { closeReport } from "../../flows/chat/close-report.ts";
import { openReported } from "../../flows/chat/open-reported.ts";
import { opsReports } from "../../read/chat-ops.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/** Reported conversations: the list, reading one in full (each reading audited), closing a report (audited). */
export const opsChatsRouter = router({
  reports: operatorProcedure
    .input(OpsReportsInputSchema)
    .output(OpsReportsViewSchema)
    .query(({ ctx, input }) => opsReports(ctx.db, input)),
  /** A mutation, not a query: reading a conversation writes its audit entry. */
  open: operatorProcedure
    .input(ConversationIdInputSchema)
    .output(OpsConversationViewSchema)
    .mutation(({ ctx, input }) => openReported(ctx, ctx.user.id, input.conversationId)),
  close: operatorProcedure
    .input(OpsCloseReportInputSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => closeReport(ctx, ctx.user.id, input.id)),
});

import {
  CartAddInputSchema,
  CartCountViewSchema,
  CartRemoveInputSchema,
  CartSetInputSchema,
  CartViewSchema,
} from "#common/contracts/orders.ts";
import { z } from "zod";
import { addToCart, setCartQuantity } from "../../flows/cart.ts";
import { cartCount, clearCart, dismissNotices, removeItems } from "../../modules/cart/cart.service.ts";
import { getCart } from "../../read/cart.ts";
import { publicProcedure, router, shopperProcedure } from "../../trpc/init.ts";

const ok = z.object({ ok: z.literal(true) });

/** The shopper's own cart: every call acts on the caller's cart only. */
export const cartRouter = router({
  get: shopperProcedure.output(CartViewSchema).query(({ ctx }) => getCart(ctx, ctx.user.id)),
  /**
   * The tab bar's badge on every page: anyone may ask (a visitor, a stale session, an operator: 0), so the
   * badge never sends anyone to sign in.
   */
  count: publicProcedure.output(CartCountViewSchema).query(async ({ ctx }) => {
    const user = await ctx.user();
    return { count: user ? await cartCount(ctx.db, user.id) : 0 };
  }),
  add: shopperProcedure
    .input(CartAddInputSchema)
    .output(z.object({ quantity: z.number().int(), count: z.number().int() }))
    .mutation(({ ctx, input }) => addToCart(ctx.db, ctx.user.id, input)),
  setQuantity: shopperProcedure
    .input(CartSetInputSchema)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await setCartQuantity(ctx.db, ctx.user.id, input);
      return { ok: true as const };
    }),
  remove: shopperProcedure
    .input(CartRemoveInputSchema)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await removeItems(ctx.db, ctx.user.id, input.lines);
      return { ok: true as const };
    }),
  /** The shopper closes the notices of variants no longer sold that left the cart. */
  dismissNotices: shopperProcedure.output(ok).mutation(async ({ ctx }) => {
    await dismissNotices(ctx.db, ctx.user.id);
    return { ok: true as const };
  }),
  clear: shopperProcedure.output(ok).mutation(async ({ ctx }) => {
    await clearCart(ctx.db, ctx.user.id);
    return { ok: true as const };
  }),
});

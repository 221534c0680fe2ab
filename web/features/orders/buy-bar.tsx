import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { localizePath } from "../../lib/locale.ts";
import { useIntentAfterSignIn, useRequireSignIn } from "../../lib/session.ts";
import { toast } from "../../lib/toast.ts";
import { useApiAction } from "../../lib/api-hooks.ts";
import { callApi } from "../../lib/client.ts";
import { encodeLines, Stepper } from "./lines.tsx";

/**
 * The product page's bottom bar: a quantity (never more than the stock), "Add to cart" and "Buy now" for the
 * variant chosen. With a choice still to make, a tap asks for it (`onChoiceMissing`) instead. A visitor is sent to
 * sign in and comes back to the product (its address keeps the choice), where the item is then added. On a 320 px
 * phone the compact stepper leaves each button room for its longest word ("Beli sekarang" on two lines).
 */
export function BuyBar(props: {
  listingId: string;
  stock: number;
  variantId: string | null;
  onChoiceMissing: (() => void) | null;
}) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const requireSignIn = useRequireSignIn();
  const [quantity, setQuantity] = useState(1);
  const revalidator = useRevalidator();
  // The cart page's loader reads the cart afresh when it is opened; the tab bar's badge comes with the page's
  // data: read it again.
  const add = useApiAction((input: typeof line) => callApi("cart.add", input, { mutation: true }), {
    onSuccess: () => {
      void revalidator.revalidate();
      toast.notify(t("orders.cart.added"), "success");
    },
  });
  const line = {
    listingId: props.listingId,
    ...(props.variantId ? { variantId: props.variantId } : {}),
    quantity,
  };
  const addToCart = () => add.run(line);
  useIntentAfterSignIn("cart", props.variantId !== null, addToCart);
  const soldOut = !props.onChoiceMissing && props.stock <= 0;
  // A choice still to make: the buttons stay enabled and ask for it.
  const orAsk = (act: () => void) => props.onChoiceMissing ?? act;
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 mx-auto flex max-w-md items-center gap-2 border-t border-gray-200 bg-white px-3 py-2 dark:border-gray-800 dark:bg-gray-900">
      <Stepper
        label={t("orders.cart.quantity")}
        value={Math.min(quantity, Math.max(props.stock, 1))}
        max={props.stock}
        disabled={soldOut}
        onChange={setQuantity}
        compact
      />
      <button
        type="button"
        disabled={soldOut || add.pending}
        onClick={orAsk(() => requireSignIn(addToCart, "cart"))}
        className="h-11 flex-1 rounded-full border border-primary-700 px-1.5 text-sm leading-tight font-semibold text-primary-800 disabled:opacity-50 dark:border-primary-400 dark:text-primary-300"
      >
        {t("orders.cart.addToCart")}
      </button>
      <button
        type="button"
        disabled={soldOut}
        onClick={orAsk(() =>
          requireSignIn(() => void navigate(localizePath(locale, `/h5/pay?lines=${encodeLines([line])}`))),
        )}
        className="h-11 flex-1 rounded-full bg-primary-700 px-1.5 text-sm leading-tight font-semibold text-white disabled:opacity-50"
      >
        {t("orders.cart.buyNow")}
      </button>
    </div>
  );
}

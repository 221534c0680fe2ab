import { Heart } from "lucide-react";
import { useApiAction, useApiRead } from "../../lib/api-hooks.ts";
import { callApi } from "../../lib/client.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { toast } from "../../lib/toast.ts";
import { useIntentAfterSignIn, useRequireSignIn, useSignedIn } from "../../lib/session.ts";

/** Adds the product to the shopper's collection or takes it out; visitors are sent to sign in first. */
export function CollectionButton(props: { listingId: string }) {
  const { t } = useI18n();
  const signedIn = useSignedIn();
  const requireSignIn = useRequireSignIn();
  const input = { listingId: props.listingId };
  // Asked once signed in: the page itself is the same for everyone (decision 27).
  const status = useApiRead(signedIn ? props.listingId : null, () => callApi("collection.status", input));
  const inCollection = status.data?.inCollection ?? false;
  // The collection page's loader reads the collection afresh when it is opened: nothing else to refresh.
  const done = (added: boolean) => {
    status.set({ inCollection: added });
    toast.notify(t(added ? "catalog.product.added" : "catalog.product.removed"), "success");
  };
  const add = useApiAction(() => callApi("collection.add", input, { mutation: true }), {
    onSuccess: () => done(true),
  });
  const remove = useApiAction(() => callApi("collection.remove", input, { mutation: true }), {
    onSuccess: () => done(false),
  });
  // Back from signing in to collect: collect (unless it already is).
  useIntentAfterSignIn("collect", status.data !== undefined, () => {
    if (!inCollection) add.run(undefined);
  });
  return (
    <button
      type="button"
      aria-pressed={inCollection}
      onClick={() =>
        requireSignIn(() => (inCollection ? remove.run(undefined) : add.run(undefined)), "collect")
      }
      className="flex flex-col items-center gap-0.5 rounded-lg px-2 py-1 text-xs text-gray-700 dark:text-gray-300"
    >
      <Heart className={`size-6 ${inCollection ? "fill-red-600 text-red-600" : ""}`} aria-hidden="true" />
      {t(inCollection ? "catalog.product.inCollection" : "catalog.product.addToCollection")}
    </button>
  );
}

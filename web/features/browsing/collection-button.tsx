import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Heart } from "lucide-react";
import { useI18n } from "../../lib/i18n.tsx";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { useIntentAfterSignIn, useRequireSignIn, useSignedIn } from "../../lib/session.ts";

/** Adds the product to the shopper's collection or takes it out; visitors are sent to sign in first. */
export function CollectionButton(props: { listingId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const signedIn = useSignedIn();
  const requireSignIn = useRequireSignIn();
  const status = useQuery({
    ...trpc.collection.status.queryOptions({ listingId: props.listingId }),
    enabled: signedIn,
  });
  const inCollection = status.data?.inCollection ?? false;
  const done = (added: boolean) => {
    queryClient.setQueryData(trpc.collection.status.queryKey({ listingId: props.listingId }), {
      inCollection: added,
    });
    void queryClient.invalidateQueries({ queryKey: trpc.collection.list.pathKey() });
    toast.notify(t(added ? "catalog.product.added" : "catalog.product.removed"), "success");
  };
  const add = useMutation(trpc.collection.add.mutationOptions({ onSuccess: () => done(true) }));
  const remove = useMutation(trpc.collection.remove.mutationOptions({ onSuccess: () => done(false) }));
  // Back from signing in to collect: collect (unless it already is).
  useIntentAfterSignIn("collect", status.data !== undefined, () => {
    if (!inCollection) add.mutate({ listingId: props.listingId });
  });
  return (
    <button
      type="button"
      aria-pressed={inCollection}
      onClick={() =>
        requireSignIn(
          () =>
            inCollection
              ? remove.mutate({ listingId: props.listingId })
              : add.mutate({ listingId: props.listingId }),
          "collect",
        )
      }
      className="flex flex-col items-center gap-0.5 rounded-lg px-2 py-1 text-xs text-gray-700 dark:text-gray-300"
    >
      <Heart className={`size-6 ${inCollection ? "fill-red-600 text-red-600" : ""}`} aria-hidden="true" />
      {t(inCollection ? "catalog.product.inCollection" : "catalog.product.addToCollection")}
    </button>
  );
}

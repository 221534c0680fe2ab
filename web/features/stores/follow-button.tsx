import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useI18n } from "../../lib/i18n.tsx";
import { useIntentAfterSignIn, useRequireSignIn, useSignedIn } from "../../lib/session.ts";
import { toast } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/**
 * Follows a store or stops following it; a visitor is sent to sign in first, and follows on coming back.
 * The button asks whether the shopper follows once signed in (browse pages are the same for everyone, decision
 * 27), unless the page already knows (`following`: null when signed out).
 */
export function FollowButton(props: { storeId: string; following?: boolean | null }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const signedIn = useSignedIn();
  const requireSignIn = useRequireSignIn();
  const input = { storeId: props.storeId };
  const status = useQuery({
    ...trpc.stores.followStatus.queryOptions(input),
    enabled: signedIn && props.following === undefined,
  });
  const known = props.following !== undefined ? props.following !== null : status.data !== undefined;
  const following = (props.following ?? status.data?.following) === true;
  const refresh = (followed: boolean) => {
    queryClient.setQueryData(trpc.stores.followStatus.queryKey(input), { following: followed });
    void queryClient.invalidateQueries({ queryKey: trpc.stores.get.queryKey(input) });
    toast.notify(t(followed ? "stores.page.followed" : "stores.page.unfollowed"), "success");
  };
  const follow = useMutation(trpc.stores.follow.mutationOptions({ onSuccess: () => refresh(true) }));
  const unfollow = useMutation(trpc.stores.unfollow.mutationOptions({ onSuccess: () => refresh(false) }));
  // Back from signing in to follow: follow (unless already following).
  useIntentAfterSignIn("follow", known, () => {
    if (!following) follow.mutate(input);
  });
  return (
    <button
      type="button"
      aria-pressed={following}
      onClick={() =>
        requireSignIn(() => (following ? unfollow.mutate(input) : follow.mutate(input)), "follow")
      }
      className={`h-9 shrink-0 rounded-full px-4 text-sm font-semibold whitespace-nowrap ${
        following
          ? "border border-gray-300 text-gray-800 dark:border-gray-600 dark:text-gray-200"
          : "bg-primary-700 text-white"
      }`}
    >
      {following ? t("stores.page.following") : t("stores.page.follow")}
    </button>
  );
}

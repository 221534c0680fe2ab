import { useRevalidator } from "react-router";
import { useApiAction, useApiRead } from "../../lib/api-hooks.ts";
import { callApi } from "../../lib/client.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { useIntentAfterSignIn, useRequireSignIn, useSignedIn } from "../../lib/session.ts";
import { toast } from "../../lib/toast.ts";

/**
 * Follows a store or stops following it; a visitor is sent to sign in first, and follows on coming back.
 * The button asks whether the shopper follows once signed in (browse pages are the same for everyone, decision
 * 27), unless the page already knows (`following`: null when signed out).
 */
export function FollowButton(props: { storeId: string; following?: boolean | null }) {
  const { t } = useI18n();
  const signedIn = useSignedIn();
  const requireSignIn = useRequireSignIn();
  const revalidator = useRevalidator();
  const input = { storeId: props.storeId };
  const status = useApiRead(signedIn && props.following === undefined ? props.storeId : null, () =>
    callApi("stores.followStatus", input),
  );
  const known = props.following !== undefined ? props.following !== null : status.data !== undefined;
  const following = (props.following ?? status.data?.following) === true;
  const refresh = (followed: boolean) => {
    status.set({ following: followed });
    // The page's figures (a store's followers) come with its data: read it again.
    void revalidator.revalidate();
    toast.notify(t(followed ? "stores.page.followed" : "stores.page.unfollowed"), "success");
  };
  const follow = useApiAction(() => callApi("stores.follow", input, { mutation: true }), {
    onSuccess: () => refresh(true),
  });
  const unfollow = useApiAction(() => callApi("stores.unfollow", input, { mutation: true }), {
    onSuccess: () => refresh(false),
  });
  // Back from signing in to follow: follow (unless already following).
  useIntentAfterSignIn("follow", known, () => {
    if (!following) follow.run(undefined);
  });
  return (
    <button
      type="button"
      aria-pressed={following}
      onClick={() =>
        requireSignIn(() => (following ? unfollow.run(undefined) : follow.run(undefined)), "follow")
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

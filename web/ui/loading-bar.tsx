import { useNavigation } from "react-router";

/**
 * Seed section 9: a 3px bar that appears only after 200 ms of loading and advances over about 2000 ms.
 * Pure CSS: the animation's delay is the throttle, so quick navigations never show it.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-[3px]">
      {busy && <div data-testid="loading-bar" className="loading-bar h-full bg-primary-500" />}
    </div>
  );
}

import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Seed section 9: 3px high, shown only after 200 ms, progressing over about 2000 ms. */
const throttleMs = 200;
const durationMs = 2000;

export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      if (!visible) return;
      setProgress(100);
      const hide = setTimeout(() => {
        setVisible(false);
        setProgress(0);
      }, 250);
      return () => clearTimeout(hide);
    }
    const start = setTimeout(() => {
      setVisible(true);
      setProgress(10);
    }, throttleMs);
    const tick = setInterval(() => setProgress((p) => (p === 0 ? 0 : Math.min(90, p + 90 / (durationMs / 100)))), 100);
    return () => {
      clearTimeout(start);
      clearInterval(tick);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- visible only decides how to finish
  }, [busy]);

  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-[3px] transition-opacity duration-200"
      style={{ opacity: visible ? 1 : 0 }}
    >
      <div className="h-full bg-primary-500 transition-[width] duration-200 ease-out" style={{ width: `${progress}%` }} />
    </div>
  );
}

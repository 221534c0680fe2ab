import { useEffect, useRef, type RefObject } from "react";

/** How close to the end of the page still counts as reading the newest message. */
const bottomSlackPx = 64;

function atBottom(): boolean {
  const root = document.scrollingElement ?? document.documentElement;
  return root.scrollHeight - (root.scrollTop + window.innerHeight) <= bottomSlackPx;
}

/** To the end of the page: the list's bottom padding keeps the newest message above the fixed reply box. */
function scrollToNewest(): void {
  const root = document.scrollingElement ?? document.documentElement;
  window.scrollTo({ top: root.scrollHeight, behavior: "instant" });
}

/**
 * Keeps a conversation at its newest message, as chat apps do: it opens scrolled to the bottom and stays there while
 * messages arrive and pictures load, as long as the reader is at the bottom. A reader who scrolled up to read older
 * messages is left where they are, until they send a message (`newestIsMine`) or scroll back down.
 *
 * Until the reader first scrolls or touches the page, a jump that someone else made is undone: the router scrolls
 * the page to the top once the loaders it runs after hydration are done (React Router's scroll restoration).
 */
export function useFollowNewest(list: RefObject<HTMLElement | null>, newest: number, newestIsMine: boolean) {
  const following = useRef(true);

  useEffect(() => {
    let touched = false;
    const touch = () => {
      touched = true;
    };
    const onScroll = () => {
      if (atBottom()) following.current = true;
      else if (touched) following.current = false;
      else if (following.current) scrollToNewest();
    };
    const onResize = () => {
      if (following.current) scrollToNewest();
    };
    // What a reader scrolls with: a wheel, a finger, the keyboard, the scroll bar.
    const inputs = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
    for (const name of inputs) window.addEventListener(name, touch, { passive: true });
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onResize);
    // The list grows (a message, an older page, a picture loaded): the reader at the bottom stays there.
    const observer = new ResizeObserver(onResize);
    if (list.current) observer.observe(list.current);
    scrollToNewest();
    return () => {
      for (const name of inputs) window.removeEventListener(name, touch);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onResize);
      observer.disconnect();
    };
  }, [list]);

  // The reader's own message: back to the bottom, wherever they were.
  useEffect(() => {
    if (!newestIsMine) return;
    following.current = true;
    scrollToNewest();
  }, [newest, newestIsMine]);
}

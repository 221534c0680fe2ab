import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * Tells screen-reader users that a client-side navigation happened, by announcing the new title.
 * It speaks only when the path changes, never on re-renders or the first load.
 */
export function RouteAnnouncer(props: { template: (title: string) => string }) {
  const { pathname } = useLocation();
  const [message, setMessage] = useState("");
  const template = useRef(props.template);
  const previous = useRef(pathname);
  useEffect(() => {
    template.current = props.template;
  }, [props.template]);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // The new page sets its title as it renders; read it once that has happened.
    const timer = setTimeout(() => setMessage(template.current(document.title)), 100);
    return () => clearTimeout(timer);
  }, [pathname]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </div>
  );
}

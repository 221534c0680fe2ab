import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** Tells screen-reader users that a client-side navigation happened, by announcing the new title. */
export function RouteAnnouncer(props: { template: (title: string) => string }) {
  const location = useLocation();
  const [message, setMessage] = useState("");
  const first = useRef(true);
  const { template } = props;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => setMessage(template(document.title)), 100);
    return () => clearTimeout(timer);
  }, [location.pathname, template]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </div>
  );
}

import { data } from "react-router";

/** Every path no other route claims answers 404 with the error page. */
export function loader() {
  throw data(null, { status: 404 });
}

/** Never rendered (the loader always throws); its presence makes this a page route, not a resource route. */
export default function NotFound() {
  return null;
}

import { data } from "react-router";

/** Every path no other route claims answers 404 with the error page. */
export function loader() {
  throw data(null, { status: 404 });
}

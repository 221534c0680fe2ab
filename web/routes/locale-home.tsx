import { data, redirect } from "react-router";
import type { Route } from "./+types/locale-home";
import { localeFromParam, localizePath } from "../lib/locale.ts";

/** `/` and `/en`, `/zh` lead to the shop home in that language. */
export function loader({ params }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang);
  if (!locale) throw data(null, { status: 404 });
  throw redirect(localizePath(locale, "/h5"));
}

/** Never rendered (the loader always redirects or throws); makes this a page route. */
export default function LocaleHome() {
  return null;
}

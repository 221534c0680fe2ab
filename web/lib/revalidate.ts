import type { ShouldRevalidateFunction } from "react-router";

/**
 * For a page whose data does not depend on its query string (a product's chosen variant in `o1`/`o2`, the category
 * page's open top category in `top`): changing only the query string re-renders from the data it has, with no
 * request (decision 25); any other navigation or revalidation decides as React Router would.
 */
export const keepDataOnQueryChange: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

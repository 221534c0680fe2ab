import { Link } from "react-router";

/** The error page of seed section 2: status, name, message (when it differs from the name) and a way home. */
export function ErrorView(props: {
  status: number;
  name: string;
  message: string;
  detail?: string;
  homeLabel: string;
  homeHref: string;
}) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-primary-700 dark:text-primary-400">{props.status}</p>
      <h1 className="text-xl font-semibold">{props.name}</h1>
      {props.message !== props.name && <p className="text-gray-600 dark:text-gray-300">{props.message}</p>}
      {props.detail && props.detail !== props.message && (
        <p className="text-sm text-gray-600 dark:text-gray-300">{props.detail}</p>
      )}
      <Link
        to={props.homeHref}
        reloadDocument
        className="mt-2 rounded-full bg-primary-700 px-5 py-2.5 font-medium text-white hover:bg-primary-800"
      >
        {props.homeLabel}
      </Link>
    </main>
  );
}

/**
 * A cookie scripts may read that says only "this browser has a session" (the session itself stays in an
 * httpOnly cookie): a form posted before the page's JavaScript loaded signs in with the cookie alone, and
 * the page must still know it is signed in once its scripts run.
 */
export const signedInHintCookie = "pasar_signed_in";

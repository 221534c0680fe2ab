import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server; inline scripts carry it so
 * the policy lets them run. Undefined in the browser (it is never exposed to page scripts) and in
 * development (no policy).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

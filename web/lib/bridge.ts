import { createContext } from "react-router";
import type { PageBridge } from "#server/http/app.ts";

/** The context key under which the server hands a page render its bridge to the tRPC procedures. */
export const bridgeContext = createContext<PageBridge>();

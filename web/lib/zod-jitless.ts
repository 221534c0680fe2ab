import { z } from "zod";

// The Content-Security-Policy allows no eval. zod would probe for it (new Function) on its first parse,
// and the browser reports every such attempt as a violation. Imported first by the root route, so this
// runs before any module that parses; the plain parser is fast enough for a page's inputs.
z.config({ jitless: true });

// The Content-Security-Policy allows no eval. zod would probe for it (new Function) on its first parse,
// and the browser reports every such attempt as a violation. zod keeps its settings on this global (shared
// by every copy of zod, created by whichever comes first), so setting it here needs no zod in the bundle of
// pages that never parse; imported first by the root route, it runs before any module that parses.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((shared.__zod_globalConfig ??= {}), { jitless: true });

/**
 * Starts the page's JavaScript after its first paint (issue 9).
 *
 * React Router puts a `modulepreload` link for every module of the page in the head and ends the body with a
 * module script that imports them and hydrates. The browser then fetches about 140 KB of scripts while it still
 * waits for the stylesheet and the first images, and on a slow mobile network they share its bandwidth: the
 * server-rendered page, which is complete without them, paints later. Measured with Lighthouse's slow 4G, the
 * scripts were fetched and hydration had run before the first paint.
 *
 * This rewrites the finished document so the scripts start once the page has painted: the preloads (of the
 * modules and of the message catalogue, web/lib/catalogue.ts) and the boot script become inert, and a small inline script re-creates them (same URLs, same nonce) after the first
 * frame. The page is readable and its links work before hydration, as before; what waits is interactivity, by
 * about one frame on a fast connection.
 *
 * If React Router's output ever changes so that the boot script is not found, the document is returned
 * unchanged (the page works as before, only without the delay) and the browser test
 * `tests/e2e/shop/first-paint.spec.ts` fails.
 */

const preloadLink = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
/** The page's message catalogue (web/root.tsx), fetched with the scripts. */
const fetchLink = /<link rel="preload" as="fetch" href="([^"]+)" crossorigin="anonymous"\/>/g;
const bootScript = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;

/** The id of the inert copy of React Router's boot script. */
export const bootScriptId = "pasar-boot";

/**
 * After the first frame (a timeout queued from the frame's animation callback runs once it is painted). A page
 * opened in a background tab paints nothing, so it starts after one second if still hidden; a visible page whose
 * stylesheet takes longer than that on a slow network still waits for its first frame.
 */
function starter(preloads: string[], fetches: string[], nonce: string): string {
  return (
    "(function(){var d=document,done=0;function go(){if(done)return;done=1;" +
    `${JSON.stringify(fetches)}.forEach(function(h){var l=d.createElement("link");l.rel="preload";l.as="fetch";l.crossOrigin="anonymous";l.href=h;d.head.appendChild(l)});` +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});` +
    `var s=d.createElement("script");s.type="module";s.setAttribute("nonce",${JSON.stringify(nonce)});` +
    `s.textContent=d.getElementById(${JSON.stringify(bootScriptId)}).textContent;d.body.appendChild(s)}` +
    "requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(function(){if(d.hidden)go()},1000)})()"
  );
}

/** The document with its scripts started after the first paint, or unchanged if it has no boot script. */
export function startScriptsAfterPaint(html: string): string {
  const boot = bootScript.exec(html);
  if (!boot) return html;
  const [whole, nonce = "", body = ""] = boot;
  const preloads: string[] = [];
  const fetches: string[] = [];
  const withoutPreloads = html
    .replace(preloadLink, (_link, href: string) => {
      preloads.push(href);
      return "";
    })
    .replace(fetchLink, (_link, href: string) => {
      fetches.push(href);
      return "";
    });
  // A data block (a type the browser does not run) keeps the boot code for the starter to copy.
  const inert = `<script type="text/plain" id="${bootScriptId}">${body}</script>`;
  const start = `<script nonce="${nonce}">${starter(preloads, fetches, nonce)}</script>`;
  return withoutPreloads.replace(whole, () => inert + start);
}

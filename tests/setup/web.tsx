// Rendering web components in Vitest: to the HTML the server sends (no DOM needed), or into a light DOM
// (happy-dom: a test file opts in with `// @vitest-environment happy-dom`) to type, press keys and click as a
// user does. Both wrap the component in the language it is shown in.
import { act, type ReactElement } from "react";
import { createRoot } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import en from "#common/i18n/messages/en.json";
import ind from "#common/i18n/messages/ind.json";
import zh from "#common/i18n/messages/zh.json";
import type { Messages } from "#common/i18n/messages.ts";
import type { Locale } from "#common/locales.ts";
import { I18nProvider } from "../../web/lib/i18n.tsx";

const catalogues: Record<Locale, Messages> = { ind, en: en as Messages, zh: zh as Messages };

function inLanguage(element: ReactElement, locale: Locale) {
  return (
    <I18nProvider locale={locale} messages={catalogues[locale]}>
      {element}
    </I18nProvider>
  );
}

/** The markup the server renders, in `locale` (Indonesian unless said). */
export function renderHtml(element: ReactElement, locale: Locale = "ind"): string {
  return renderToStaticMarkup(inLanguage(element, locale));
}

/** The text a reader sees in some markup: tags dropped, entities read, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** A component mounted in the light DOM, with what a user does to it. Needs `@vitest-environment happy-dom`. */
export function mount(element: ReactElement, locale: Locale = "ind") {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(inLanguage(element, locale)));
  const fire = (target: Element, event: Event) => act(() => void target.dispatchEvent(event));
  return {
    container,
    /** Re-renders with new props, as a parent would. */
    rerender: (next: ReactElement) => act(() => root.render(inLanguage(next, locale))),
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
    /** The first element matching `selector`; fails the test when there is none. */
    get<E extends Element = HTMLElement>(selector: string): E {
      const found = container.querySelector<E>(selector);
      if (!found) throw new Error(`nothing matches ${selector} in ${container.innerHTML}`);
      return found;
    },
    all: <E extends Element = HTMLElement>(selector: string) => [...container.querySelectorAll<E>(selector)],
    focus: (input: HTMLElement) => act(() => input.focus()),
    blur: (input: HTMLElement) => act(() => input.blur()),
    /** Types `text` as the field's whole new value (React reads it from an input event). */
    type(input: HTMLInputElement, text: string) {
      act(() => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, text);
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
    },
    press: (target: Element, key: string) =>
      fire(target, new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })),
    click: (target: HTMLElement) => act(() => target.click()),
    mouseDown: (target: Element) =>
      fire(target, new MouseEvent("mousedown", { bubbles: true, cancelable: true })),
    /** Sends a form as pressing Enter in it or its submit button would. */
    submit: (form: HTMLFormElement) => fire(form, new Event("submit", { bubbles: true, cancelable: true })),
  };
}

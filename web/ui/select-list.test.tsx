// @vitest-environment happy-dom
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mount, renderHtml, textOf } from "../../tests/setup/web.tsx";
import { SelectList, type SelectOption } from "./select-list.tsx";

const provinces: SelectOption[] = [
  { value: "31", label: "DKI Jakarta" },
  { value: "32", label: "Jawa Barat" },
  { value: "33", label: "Jawa Tengah" },
  { value: "51", label: "Bali" },
];

/** The select list as a form holds it: the chosen value in state, each choice also reported to `chosen`. */
function Province(props: {
  options?: SelectOption[];
  initial?: string;
  chosen?: (value: string) => void;
  disabled?: boolean;
}) {
  const [value, setValue] = useState(props.initial ?? "");
  return (
    <SelectList
      label="Provinsi"
      placeholder="Pilih provinsi"
      options={props.options ?? provinces}
      value={value}
      disabled={props.disabled}
      onChange={(v) => {
        setValue(v);
        props.chosen?.(v);
      }}
    />
  );
}

let ui: ReturnType<typeof mount> | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

function open(element = <Province initial="32" />, locale?: "ind" | "en") {
  ui = mount(element, locale);
  const input = ui.get<HTMLInputElement>('input[role="combobox"]');
  // The popup: the list box of options, or the sentence saying there are none.
  const list = ui.get<HTMLElement>('[data-part="popup"]');
  const options = () => ui!.all('[role="option"]');
  const labels = () => options().map((o) => o.textContent);
  return { ui, input, list, options, labels };
}

describe("the select list", () => {
  it("shows the chosen option's name, closed, as the page first draws it", () => {
    const html = renderHtml(<Province initial="51" />);
    expect(html).toMatch(/value="Bali"/);
    expect(html).toMatch(/aria-expanded="false"/);
    expect(html).toMatch(/data-part="popup" hidden=""/);
    // With nothing chosen, the placeholder asks for a choice.
    expect(renderHtml(<Province />)).toMatch(/placeholder="Pilih provinsi"/);
  });

  it("opens on focus with every option, the chosen one marked and active", () => {
    const { ui, input, list, labels, options } = open();
    expect(list.hidden).toBe(true);
    ui.focus(input);
    expect(list.hidden).toBe(false);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(labels()).toEqual(["DKI Jakarta", "Jawa Barat", "Jawa Tengah", "Bali"]);
    expect(options().map((o) => o.getAttribute("aria-selected"))).toEqual([
      "false",
      "true",
      "false",
      "false",
    ]);
    expect(input.getAttribute("aria-activedescendant")).toBe(options()[1]!.id);
  });

  it("filters by what is typed, ignoring case, and says when nothing matches", () => {
    const { ui, input, labels, list } = open();
    ui.focus(input);
    ui.type(input, "jawa");
    expect(labels()).toEqual(["Jawa Barat", "Jawa Tengah"]);
    ui.type(input, "  BAL ");
    expect(labels()).toEqual(["Bali"]);
    ui.type(input, "Papua ");
    expect(labels()).toEqual([]);
    expect(textOf(list.innerHTML)).toBe('Tidak ada hasil untuk "Papua".');
    // A list box must hold options: with none, there is none, and the sentence is a status a screen reader says.
    expect(ui.all('[role="listbox"]')).toEqual([]);
    expect(ui.get('[role="status"]').textContent).toBe('Tidak ada hasil untuk "Papua".');
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.hasAttribute("aria-controls")).toBe(false);
    expect(input.hasAttribute("aria-activedescendant")).toBe(false);
    ui.type(input, "bal");
    expect(labels()).toEqual(["Bali"]);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(input.getAttribute("aria-controls")).toBe(ui.get('[role="listbox"]').id);
  });

  it("moves with the arrows within the list and chooses with Enter, closing it", () => {
    const chosen = vi.fn();
    const { ui, input, list } = open(<Province initial="32" chosen={chosen} />);
    ui.focus(input);
    ui.press(input, "ArrowDown");
    ui.press(input, "ArrowDown");
    ui.press(input, "ArrowDown"); // already on the last: stays there
    ui.press(input, "Enter");
    expect(chosen).toHaveBeenCalledExactlyOnceWith("51");
    expect(list.hidden).toBe(true);
    expect(input.value).toBe("Bali");

    ui.press(input, "ArrowUp"); // opens on the chosen one
    for (let i = 0; i < 6; i++) ui.press(input, "ArrowUp"); // never above the first
    ui.press(input, "Enter");
    expect(chosen).toHaveBeenLastCalledWith("31");
    expect(input.value).toBe("DKI Jakarta");
  });

  it("chooses the first match of what was typed with Enter", () => {
    const chosen = vi.fn();
    const { ui, input } = open(<Province chosen={chosen} />);
    ui.focus(input);
    ui.type(input, "tengah");
    ui.press(input, "Enter");
    expect(chosen).toHaveBeenCalledExactlyOnceWith("33");
    expect(input.value).toBe("Jawa Tengah");
  });

  it("closes with Escape, keeping the choice and forgetting what was typed", () => {
    const chosen = vi.fn();
    const { ui, input, list } = open(<Province initial="32" chosen={chosen} />);
    ui.focus(input);
    ui.type(input, "bali");
    ui.press(input, "Escape");
    expect(list.hidden).toBe(true);
    expect(chosen).not.toHaveBeenCalled();
    expect(input.value).toBe("Jawa Barat");
  });

  it("chooses the option pressed with the mouse", () => {
    const chosen = vi.fn();
    const { ui, input, options } = open(<Province chosen={chosen} />);
    ui.focus(input);
    ui.mouseDown(options()[0]!);
    expect(chosen).toHaveBeenCalledExactlyOnceWith("31");
    expect(input.value).toBe("DKI Jakarta");
  });

  it("says there is nothing to choose when it has no options, in the reader's language", () => {
    const { ui, input, list } = open(<Province options={[]} />, "en");
    ui.focus(input);
    expect(list.hidden).toBe(false);
    expect(textOf(list.innerHTML)).toBe("No options.");
    expect(ui.get('[role="status"]').textContent).toBe("No options.");
    expect(ui.all('[role="listbox"]')).toEqual([]);
  });

  it("does not open when disabled", () => {
    const { ui, input, list } = open(<Province initial="32" disabled />);
    ui.click(input);
    ui.press(input, "ArrowDown");
    expect(list.hidden).toBe(true);
  });
});

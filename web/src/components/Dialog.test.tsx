import { fireEvent, render } from "@solidjs/testing-library";
import { createSignal, Show } from "solid-js";
import { describe, expect, test } from "vitest";
import { Dialog } from "./Dialog.js";

describe("dialog", () => {
  test("takes the focus when it opens and gives it back to what opened it when it closes", () => {
    const [open, setOpen] = createSignal(false);
    const { getByText } = render(() => (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <Show when={open()}>
          <Dialog title="Paused" onClose={() => setOpen(false)}>
            <button type="button">Resume</button>
          </Dialog>
        </Show>
      </>
    ));
    const opener = getByText("Open");
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement?.textContent).toBe("Resume");
    fireEvent.keyDown(window, { key: "Escape" });
    expect(open()).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});

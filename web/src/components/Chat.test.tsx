import { fireEvent, render } from "@solidjs/testing-library";
import { createStore } from "solid-js/store";
import { describe, expect, test } from "vitest";
import type { ChatLine } from "../../../core/online/friend/game.js";
import { Chat } from "./Chat.js";

function renderChat(lines: ChatLine[] = []) {
  const sent: string[] = [];
  const [own, setOwn] = createStore<{ list: string[] }>({ list: [] });
  const r = render(() => (
    <Chat
      lines={lines}
      me={1}
      names={["Alice", "Bola"]}
      own={own.list}
      onSend={(t) => (sent.push(t), true)}
      onAddPhrase={(t) => (setOwn("list", (l) => [...l, t]), true)}
      onRemovePhrase={(t) => setOwn("list", (l) => l.filter((x) => x !== t))}
      onClose={() => undefined}
    />
  ));
  return { ...r, sent };
}

describe("chat", () => {
  test("lines show who said them; the player's own on the other side", () => {
    const { getAllByTestId } = renderChat([
      { seat: 0, text: "hi", at: 1, seq: 3 },
      { seat: 1, text: "hello!", at: 2, seq: 4 },
    ]);
    const lines = getAllByTestId("chat-line");
    expect(lines.map((l) => l.textContent)).toEqual(["Alicehi", "Youhello!"]);
    expect(lines[1].classList.contains("mine")).toBe(true);
  });

  test("typed text with an emoji from the picker is sent and the box empties", () => {
    const { getByLabelText, sent } = renderChat();
    const box = getByLabelText("Message") as HTMLInputElement;
    fireEvent.input(box, { target: { value: "good game " } });
    fireEvent.click(getByLabelText("Emoji"));
    fireEvent.click(getByLabelText("Add 🤝"));
    expect(box.value).toBe("good game 🤝");
    fireEvent.submit(box.closest("form") as HTMLFormElement);
    expect(sent).toEqual(["good game 🤝"]);
    expect(box.value).toBe("");
  });

  test("a quick phrase is sent with one tap; ✎ Edit adds and removes the player's own", () => {
    const { getByText, getByLabelText, queryByText, sent } = renderChat();
    fireEvent.click(getByText("Nice move!"));
    expect(sent).toEqual(["Nice move!"]);
    fireEvent.click(getByText("✎ Edit"));
    fireEvent.input(getByLabelText("New phrase"), { target: { value: "Tea break?" } });
    fireEvent.submit(getByLabelText("New phrase").closest("form") as HTMLFormElement);
    expect(getByText("Tea break?")).toBeTruthy();
    // Built-in phrases cannot be removed; own ones can.
    expect(queryByText("Remove phrase Nice move!")).toBeNull();
    fireEvent.click(getByLabelText("Remove phrase Tea break?"));
    expect(queryByText("Tea break?")).toBeNull();
    fireEvent.click(getByText("Done"));
    expect(sent).toEqual(["Nice move!"]);
  });
});

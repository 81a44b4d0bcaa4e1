/**
 * A catalogue message as a reader sees it, for choosing it from a list: the text with each place
 * named ("{holes} × 2 лунки, по {seeds} семени"), a plural or select shown by its `other` form, tags
 * by their text. Not the ICU source, which a translator-to-be should not have to read.
 */
/** The parsed message's nodes, as intl-messageformat gives them (kinds by number). */
interface Node {
  readonly type: number;
  readonly value?: string;
  readonly options?: Readonly<Record<string, { readonly value: readonly Node[] }>>;
  readonly children?: readonly Node[];
}

const LITERAL = 0;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;
const TAG = 8;

function outlineNodes(nodes: readonly Node[], pound: string | null): string {
  return nodes
    .map((n) => {
      if (n.type === LITERAL) return n.value ?? "";
      if (n.type === POUND) return pound ?? "#";
      if (n.type === TAG) return outlineNodes(n.children ?? [], pound);
      if (n.type === SELECT || n.type === PLURAL) {
        const options = n.options ?? {};
        const form = options.other ?? Object.values(options)[0];
        return outlineNodes(form?.value ?? [], n.type === PLURAL ? `{${n.value ?? ""}}` : pound);
      }
      return `{${n.value ?? ""}}`;
    })
    .join("");
}

/** A compiled message (its AST, as the catalogues ship it) read as text with its places named. */
export function outlineAst(nodes: readonly unknown[]): string {
  return outlineNodes(nodes as readonly Node[], null);
}

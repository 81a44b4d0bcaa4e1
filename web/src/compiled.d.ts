/** A catalogue with its messages parsed at build time (web/catalogues.ts; typed by its reader, i18n/i18n.ts). */
declare module "*?compiled" {
  const catalogue: {
    readonly unreviewed: readonly string[];
    readonly messages: Readonly<Record<string, import("@formatjs/icu-messageformat-parser").MessageFormatElement[]>>;
  };
  export default catalogue;
}

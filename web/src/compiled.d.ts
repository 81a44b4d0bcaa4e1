/** A catalogue with its messages parsed at build time (web/catalogues.ts). */
declare module "*?compiled" {
  const catalogue: import("./i18n/i18n.js").CompiledCatalogue;
  export default catalogue;
}

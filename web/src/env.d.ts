/// <reference types="vite-plugin-pwa/vanillajs" />

/** The build's name, set by web/vite.config.ts; differs between deployments. */
declare const __BUILD_ID__: string;

/** A catalogue with its messages parsed at build time (web/catalogues.ts). */
declare module "*?compiled" {
  const catalogue: import("./i18n/i18n.js").CompiledCatalogue;
  export default catalogue;
}

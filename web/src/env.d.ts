/// <reference types="vite-plugin-pwa/vanillajs" />

/** The build's name, set by web/vite.config.ts; differs between deployments. */
declare const __BUILD_ID__: string;
